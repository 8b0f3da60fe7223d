/**
 * The CSRF origin check (api/middleware/origin.ts) beyond the refusals of auth-security: what
 * it lets through. These are the behaviours hono/csrf would change (decision 007): it checks
 * form-like bodies only and refuses every header-less request.
 */
import { describe, expect, it } from 'vitest';
import { LINK_BASE } from '../../api/link/base.ts';
import { createTestApp, errorOf } from './auth-helpers.ts';

const EVIL = 'https://evil.example';

describe('Origin check', () => {
  it('refuses a JSON call from a foreign Origin and a browser call marked cross-site', async () => {
    const t = await createTestApp({ seed: false });
    const foreign = await t.json('/forgot', 'POST', { email: 'a@b.co' }, { headers: { origin: EVIL } });
    expect(foreign.status).toBe(403);
    expect(await errorOf(foreign)).toEqual({ msg: 'forbidden_origin' });
    const crossSite = await t.json(
      '/forgot',
      'POST',
      { email: 'a@b.co' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(crossSite.status).toBe(403);
    expect(await errorOf(crossSite)).toEqual({ msg: 'forbidden_origin' });
  });

  it('lets through the site itself, by configured address or by the Host it was reached at', async () => {
    const t = await createTestApp({ seed: false });
    const own = await t.json('/logout', 'POST', {}, { headers: { origin: new URL(t.config.siteUrl).origin } });
    expect(own.status).toBe(200);
    const byHost = await t.json(
      '/logout',
      'POST',
      {},
      { headers: { origin: 'https://shop.example', host: 'shop.example' } },
    );
    expect(byHost.status).toBe(200);
    const sameSite = await t.json('/logout', 'POST', {}, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(sameSite.status).toBe(200);
  });

  it('lets through a client that sends neither Origin nor Sec-Fetch-Site, with or without a body', async () => {
    const t = await createTestApp({ seed: false });
    expect((await t.request('/logout', { method: 'POST' })).status).toBe(200);
    expect((await t.json('/logout', 'POST', {})).status).toBe(200);
  });

  it('never refuses a reading method', async () => {
    const t = await createTestApp({ seed: false });
    expect((await t.request('/health', { headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' } })).status).toBe(
      200,
    );
  });

  it('does not guard the API Link, whose calls carry a key instead of a cookie', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.app.request(`${LINK_BASE}/webhooks`, {
      method: 'POST',
      headers: { origin: EVIL, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect((await errorOf(res)).msg).not.toBe('forbidden_origin');
  });
});
