/**
 * The OpenAPI 3.1 document (generated from the valibot schemas that validate the calls) passes
 * a validator and lists every API Link route; the interactive reference is served from the
 * site itself (no CDN, no inline script) under the site's CSP.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '../../api/services/webhooks/model.ts';
import { createLinkTestApp, linkKeyFor } from './link-fixtures.ts';

const ROUTES = [
  ['get', '/stones'],
  ['get', '/stones/{stock_code}'],
  ['post', '/stones/availability'],
  ['post', '/stones/lookup'],
  ['post', '/test/events'],
  ['get', '/changes'],
  ['get', '/changes/stream'],
  ['get', '/feed'],
  ['get', '/openapi.json'],
  ['get', '/me'],
  ['get', '/webhooks'],
  ['post', '/webhooks'],
  ['patch', '/webhooks/{id}'],
  ['delete', '/webhooks/{id}'],
  ['post', '/webhooks/{id}/test'],
  ['get', '/webhooks/{id}'],
  ['get', '/webhooks/{id}/secret'],
  ['get', '/webhooks/{id}/deliveries'],
  ['post', '/holds'],
  ['get', '/holds'],
  ['delete', '/holds/{id}'],
  ['post', '/requests'],
  ['get', '/requests'],
  ['get', '/requests/{id}'],
  ['get', '/saved-searches'],
  ['post', '/saved-searches'],
  ['get', '/saved-searches/{id}'],
  ['delete', '/saved-searches/{id}'],
] as const;

const SITE_ROUTES = [
  ['post', '/profile/api-keys'],
  ['get', '/profile/api-keys'],
  ['post', '/profile/api-keys/{id}/roll'],
  ['delete', '/profile/api-keys/{id}'],
] as const;

type Doc = {
  openapi: string;
  webhooks?: Record<string, unknown>;
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
    // every event an endpoint may receive is described, with its payload
    // (and the `test` event of POST /webhooks/{id}/test, which is no subscription kind)
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...WEBHOOK_EVENTS, 'test'].sort());
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
    // numbers are typed as numbers, so a typed client passes numbers
    const param = (path: string, name: string) =>
      (doc.paths[path]!.get!.parameters as unknown as { name: string; schema: { type: string } }[]).find(
        (p) => p.name === name,
      )!;
    expect(param('/stones', 'limit').schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 500 });
    expect(param('/stones', 'carat_min').schema.type).toBe('number');
    expect(param('/stones', 'has_image').schema.type).toBe('boolean');
    expect(param('/changes', 'since').schema.type).toBe('integer');
    expect(param('/webhooks/{id}/deliveries', 'limit').schema.type).toBe('integer');
    // every answer of every call has an example
    for (const [method, path] of ROUTES) {
      if (path === '/openapi.json' || path === '/feed') continue;
      const responses = doc.paths[path]![method]!.responses as Record<string, { content?: Record<string, object> }>;
      for (const [status, r] of Object.entries(responses))
        for (const media of Object.values(r.content ?? {}))
          expect(media, `${method} ${path} ${status}`).toHaveProperty('example');
    }
  });

  it('documents the key-management calls apart, under the site API with the session', async () => {
    const t = await createLinkTestApp({ seed: false });
    const res = await t.link.request('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as Doc & { servers: { url: string }[]; security: unknown };
    await SwaggerParser.validate(structuredClone(doc) as never);
    expect(doc.servers).toEqual([{ url: '/api/v1' }]);
    expect(doc.security).toEqual([{ session: [] }]);
    const served = Object.entries(doc.paths).flatMap(([p, item]) => Object.keys(item).map((m) => `${m} ${p}`));
    expect(served.sort()).toEqual(SITE_ROUTES.map(([m, p]) => `${m} ${p}`).sort());
  });

  it('answers 405 with Allow for a method a known path does not serve, 404 for an unknown path, 400 for an unknown parameter', async () => {
    const t = await createLinkTestApp({ seed: false });
    const key = await linkKeyFor(t, 'dev@jeweller.example', 'trade');
    // TRACE as @hono/node-server hands it over (a Request cannot carry TRACE itself)
    const trace = new Request('http://localhost/api/link/v1/stones', { headers: { authorization: `Bearer ${key}` } });
    Object.defineProperty(trace, 'method', { get: () => 'TRACE' });
    const traced = await t.link.request(trace);
    expect(traced.status).toBe(405);
    expect(traced.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const res = await t.call('/stones', key, { method });
      expect(res.status, method).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    }
    const patch = await t.call('/stones/availability', undefined, { method: 'GET' });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('POST, OPTIONS');
    const options = await t.call('/webhooks/3', key, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, DELETE, PATCH, HEAD, OPTIONS');
    expect((await t.call('/nothing-here', key)).status).toBe(404);
    const unknown = await t.call('/stones?certificate_numbr=123&limit=5', key);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      errors: { msg: [{ param: 'certificate_numbr', msg: 'Unknown query parameter' }] },
    });
    expect((await t.call('/me?verbose=1', key)).status).toBe(400);
    // an empty number is refused as the document says (an integer), naming the parameter
    const empty = await t.call('/stones?limit=', key);
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ errors: { msg: [{ param: 'limit' }] } });
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
