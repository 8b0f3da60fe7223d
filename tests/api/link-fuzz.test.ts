/**
 * Property-based check of the whole API Link (fast-check): requests drawn from the document's
 * own parameter schemas (in range and out of it) and bodies (the documented example, or any
 * JSON), for every call, with a valid key. Every answer must be below 500 and described by the
 * document (the contract check of createTestApp throws otherwise), and a valid key is never
 * refused by the guessing limit. No webhook URL is ever drawn: nothing leaves the machine.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { body, createLinkTestApp, linkKeyFor } from './link-fixtures.ts';

type Schema = { type?: string; enum?: string[]; minimum?: number; maximum?: number };
type Param = { name: string; in: string; schema: Schema };
type Op = {
  parameters?: Param[];
  requestBody?: { content: Record<string, { example?: unknown }> };
};
type Doc = { paths: Record<string, Record<string, Op>> };

const valueOf = (s: Schema): fc.Arbitrary<string> => {
  const junk = fc.oneof(fc.string({ maxLength: 12 }), fc.constant(''), fc.constant('-1'), fc.constant('1e400'));
  if (s.enum) return fc.oneof(fc.constantFrom(...s.enum), junk);
  if (s.type === 'integer')
    return fc.oneof(fc.integer({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 1e6, 1e9) }).map(String), junk);
  if (s.type === 'number') return fc.oneof(fc.double({ min: 0, max: 1e5, noNaN: true }).map(String), junk);
  if (s.type === 'boolean') return fc.oneof(fc.constantFrom('true', 'false'), junk);
  return fc.oneof(fc.string({ maxLength: 20 }), junk);
};

function requestOf(path: string, method: string, op: Op) {
  const params = op.parameters ?? [];
  const query = fc.record(
    Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, fc.option(valueOf(p.schema))])),
  );
  const pathValues = fc.record(
    Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, valueOf(p.schema)])),
  );
  const example = op.requestBody?.content['application/json']?.example;
  const noUrl = (v: unknown) => !(v && typeof v === 'object' && 'url' in v);
  const json = op.requestBody
    ? fc.oneof(fc.constant(example), fc.jsonValue({ maxDepth: 2 })).filter(noUrl)
    : fc.constant(undefined);
  return fc.record({ query, pathValues, json }).map(({ query, pathValues, json }) => {
    const url = path.replace(/\{(\w+)\}/g, (_, n: string) => encodeURIComponent(pathValues[n] ?? '1'));
    const qs = new URLSearchParams(Object.entries(query).flatMap(([k, v]) => (v == null ? [] : [[k, v]])));
    return { method: method.toUpperCase(), url: qs.size ? `${url}?${qs}` : url, json };
  });
}

describe('API Link fuzz', () => {
  it('answers every drawn call below 500, as documented, and never refuses a valid key as a guess', async () => {
    const t = await createLinkTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
    const key = await linkKeyFor(t, 'fuzz@example.com', 'trade');
    const doc = await body<Doc>(await t.call('/openapi.json'));
    const calls = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(
          ([method]) =>
            !(method === 'post' && path === '/webhooks') && !(method === 'patch' && path === '/webhooks/{id}'),
        )
        .map(([method, op]) => requestOf(path, method, op)),
    );
    await fc.assert(
      fc.asyncProperty(fc.oneof(...calls), async (req) => {
        t.clock.advance(1000); // stay under the key's own per-minute limit
        const init: RequestInit = { method: req.method };
        if (req.json !== undefined) {
          init.headers = { 'content-type': 'application/json' };
          init.body = JSON.stringify(req.json);
        }
        const res = await t.call(req.url, key, init); // the contract check runs inside
        expect(res.status, `${req.method} ${req.url}`).toBeLessThan(500);
        if (res.status === 429) expect((await res.clone().json()).errors.msg).not.toBe('too_many_requests');
        // an event stream (/changes/stream) stays open: leave it, as a client would
        if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
      }),
      { numRuns: 150 },
    );
  }, 120_000);
});
