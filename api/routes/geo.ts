/**
 * The visitor's country for the cookie notice, under /api/v1:
 *
 *   GET /geo   200 { country: 'DE' | null }
 *
 * Read from the header a trusted proxy sets (config.COUNTRY_HEADER, default cf-ipcountry);
 * no third-party lookup. Anything but two letters (absent, 'XX', 'T1', garbage) is null,
 * which the notice treats as unknown (shown). Never cached: it depends on the request.
 */
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../types.ts';

/** Two-letter code in upper case, or null ('XX' is Cloudflare's "unknown"). */
export function countryOf(raw: string | undefined): string | null {
  const code = (raw ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' ? code : null;
}

export function geoRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Vary', deps.config.COUNTRY_HEADER);
    return c.json({ country: countryOf(c.req.header(deps.config.COUNTRY_HEADER)) });
  });
}
