/**
 * The OpenAPI 3.1 document (generated from the valibot schemas that validate the calls) passes
 * a validator and lists every API Link route; the interactive reference is served from the
 * site itself (no CDN, no inline script) under the site's CSP.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { createLinkTestApp } from './link-fixtures.ts';

const ROUTES = [
  ['get', '/stones'],
  ['get', '/stones/{stock_code}'],
  ['post', '/stones/availability'],
  ['get', '/changes'],
  ['get', '/feed'],
  ['get', '/openapi.json'],
  ['get', '/me'],
  ['get', '/webhooks'],
  ['post', '/webhooks'],
  ['patch', '/webhooks/{id}'],
  ['delete', '/webhooks/{id}'],
  ['post', '/webhooks/{id}/test'],
  ['get', '/webhooks/{id}/deliveries'],
  ['post', '/holds'],
  ['get', '/holds'],
  ['delete', '/holds/{id}'],
  ['post', '/profile/api-keys'],
  ['get', '/profile/api-keys'],
  ['post', '/profile/api-keys/{id}/roll'],
  ['delete', '/profile/api-keys/{id}'],
] as const;

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>
  >;
};

describe('API Link OpenAPI and reference', () => {
  it('serves a valid OpenAPI 3.1 document without a key, listing every route with the validated parameters', async () => {
    const t = await createLinkTestApp({ seed: false });
    const res = await t.call('/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(doc) as never);
    for (const [method, path] of ROUTES) expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    const served = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m} ${p}`));
    expect(served.sort()).toEqual(ROUTES.map(([m, p]) => `${m} ${p}`).sort());
    // the query parameters come from the same schema that validates the call
    const params = doc.paths['/stones']!.get!.parameters!.map((p) => p.name);
    for (const name of [
      'category',
      'origin',
      'shape',
      'carat_min',
      'price_max',
      'has_360',
      'sort',
      'currency',
      'limit',
      'cursor',
    ])
      expect(params).toContain(name);
    expect(doc.paths['/stones/{stock_code}']!.get!.responses).toHaveProperty('410');
    expect(doc.paths['/changes']!.get!.responses).toHaveProperty('410');
    // key management is on the site API, with the session
    expect(doc.paths['/profile/api-keys']!.post).toMatchObject({
      servers: [{ url: '/api/v1' }],
      security: [{ session: [] }],
    });
  });

  it('serves the interactive reference and its assets from the site itself under the CSP', async () => {
    const t = await createLinkTestApp({ seed: false });
    const page = await t.link.request('/api/link/docs');
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self'/);
    expect(csp).not.toMatch(/https?:/);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inner] of scripts) {
      expect(inner!.trim(), 'no inline script').toBe('');
      expect(attrs).toMatch(/src="\/api\/link\/docs\//);
    }
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'docs-init.js']) {
      const res = await t.link.request(`/api/link/docs/${asset}`);
      expect(res.status, asset).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    }
    expect(await (await t.link.request('/api/link/docs/docs-init.js')).text()).toContain('/api/link/v1/openapi.json');
    expect((await t.link.request('/api/link/docs/package.json')).status).toBe(404);
  });
});
