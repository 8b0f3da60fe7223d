/**
 * Security headers for every answer (API and static pages), set only where the answer has
 * not set its own: /uploads/* keeps its stricter `default-src 'none'`, and each built page
 * sends the policy with the hashes of its own inline scripts (services/site/inline-scripts.ts).
 *
 * Scripts: 'self' plus, per page, the SHA-256 of each inline script of the build; never
 * 'unsafe-inline'. Styles keep 'unsafe-inline' (Astro inlines every page's CSS, and React
 * writes style attributes).
 */
import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

const DIRECTIVES: [string, string[]][] = [
  ['default-src', ["'self'"]],
  ['script-src', ["'self'"]],
  ['style-src', ["'self'", "'unsafe-inline'"]],
  ['img-src', ["'self'", 'data:', 'blob:']],
  ['font-src', ["'self'"]],
  ['connect-src', ["'self'"]],
  ['media-src', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['object-src', ["'none'"]],
];

/** The site's Content-Security-Policy, allowing the inline scripts whose hashes are given ('sha256-…'). */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  return DIRECTIVES.map(([name, values]) =>
    [name, ...values, ...(name === 'script-src' ? scriptHashes.map((h) => `'${h}'`) : [])].join(' '),
  ).join('; ');
}

const DEFAULT_CSP = contentSecurityPolicy();

export const securityHeaders = (): MiddlewareHandler => {
  const others = secureHeaders({
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    xFrameOptions: 'DENY',
    overwrite: false,
  });
  return async (c, next) => {
    await others(c, next);
    if (!c.res.headers.has('content-security-policy')) c.res.headers.set('content-security-policy', DEFAULT_CSP);
  };
};
