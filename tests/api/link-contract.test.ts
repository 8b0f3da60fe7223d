/**
 * The contract itself: the checker every Link answer of every test goes through
 * (tests/api/link-contract.ts) refuses an undocumented status, a `default` answer, an error
 * naming a stone by its internal id and a webhook body the document does not describe; and
 * every operation of the document answers the shared error statuses, documented in one place
 * (api/link/openapi-responses.ts `withSharedErrors`): 400 (unknown parameter), 401 (no key),
 * 403 (a retail key on a trade call), 413 (a body over the limit, any call but GET), 415 (a
 * JSON call sent another media type). Every call here is checked by the contract checker too.
 */
import { describe, expect, it } from 'vitest';
import { sharedErrorStatuses } from '../../api/link/openapi-responses.ts';
import { TEST_EVENT } from '../../api/services/webhooks/model.ts';
import { errorOf } from './auth-helpers.ts';
import { stoneOf } from './bag-fixtures.ts';
import { contractChecker, LinkContractError, webhookBodyChecker } from './link-contract.ts';
import { body, createLinkTestApp, linkKeyFor } from './link-fixtures.ts';

type Op = {
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
  responses: Record<string, unknown>;
};
type Doc = { paths: Record<string, Record<string, Op>>; webhooks: Record<string, never> };

const json = (status: number, payload: unknown) =>
  new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
const errorAnswer = {
  description: 'e',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        properties: {
          errors: {
            type: 'object',
            properties: { msg: { type: 'string' }, options: { type: 'object' } },
            required: ['msg'],
          },
        },
      },
    },
  },
};

async function served() {
  const t = await createLinkTestApp({ seed: true });
  const doc = await body<Doc>(await t.call('/openapi.json'));
  return { t, doc };
}

describe('the contract checker', () => {
  const doc = (responses: Record<string, unknown>) => ({ paths: { '/x': { delete: { responses } } } });

  it('refuses a status the operation does not list, and a `default` answer that would list them all', async () => {
    const check = contractChecker(doc({ 204: { description: 'ok' }, 404: errorAnswer }) as never);
    await check('DELETE', '/x', new Response(null, { status: 204 }));
    await expect(check('DELETE', '/x', json(413, { errors: { msg: 'payload_too_large' } }))).rejects.toThrow(
      /413: status not documented/,
    );
    const lax = contractChecker(doc({ 204: { description: 'ok' }, default: errorAnswer }) as never);
    await expect(lax('DELETE', '/x', json(413, { errors: { msg: 'payload_too_large' } }))).rejects.toThrow(
      LinkContractError,
    );
  });

  it('refuses an error that names a stone by its internal id', async () => {
    const check = contractChecker(doc({ 409: errorAnswer }) as never);
    await check('DELETE', '/x', json(409, { errors: { msg: 'stone_on_hold', options: { stockCode: 'FT-1' } } }));
    await expect(
      check('DELETE', '/x', json(409, { errors: { msg: 'stone_on_hold', options: { stock: 57, stockCode: 'FT-1' } } })),
    ).rejects.toThrow(/internal id \(stock\)/);
  });

  it('holds webhook bodies against the `webhooks` section: data.test where documented, nothing else', async () => {
    const { doc: served_ } = await served();
    const check = webhookBodyChecker(served_ as never);
    const at = '2026-05-04T09:30:00.000Z';
    const change = { seq: 1, stock_code: 'FT-1', kind: 'removed', fields: [] };
    check(JSON.stringify({ type: 'removed', timestamp: at, data: change }));
    check(JSON.stringify({ type: 'removed', timestamp: at, data: { ...change, test: true } }));
    check(JSON.stringify({ type: TEST_EVENT, timestamp: at, data: { message: 'hi', test: true } }));
    expect(() => check(JSON.stringify({ type: 'removed', timestamp: at, data: { ...change, extra: 1 } }))).toThrow(
      /"extra"/,
    );
    expect(() => check(JSON.stringify({ type: TEST_EVENT, timestamp: at, data: { message: 'hi' } }))).toThrow(
      LinkContractError,
    );
    expect(() => check(JSON.stringify({ type: 'sold', timestamp: at, data: {} }))).toThrow(/not listed/);
  });
});

describe('the shared error answers', () => {
  it('are documented on every operation: 400, and 401, 403, 429 with a key, 413 but on GET, 415 with a JSON body', async () => {
    const { doc } = await served();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const listed = Object.keys(op.responses);
        for (const status of sharedErrorStatuses(method, op as never))
          expect(listed, `${method.toUpperCase()} ${path}`).toContain(String(status));
        if (method !== 'get') expect(listed, `${method} ${path}`).toContain('413');
        if (op.requestBody) expect(listed, `${method} ${path}`).toContain('415');
      }
    }
    // the ones the review found missing
    expect(Object.keys(doc.paths['/holds']!.post!.responses)).toContain('413');
    expect(Object.keys(doc.paths['/holds/{id}']!.delete!.responses)).toContain('413');
    expect(Object.keys(doc.paths['/saved-searches']!.post!.responses)).toContain('413');
    expect(Object.keys(doc.paths['/saved-searches/{id}']!.delete!.responses)).toContain('413');
    expect(Object.keys(doc.paths['/webhooks/{id}']!.delete!.responses)).toContain('413');
    expect(Object.keys(doc.paths['/webhooks/{id}/test']!.post!.responses)).toContain('413');
    expect(Object.keys(doc.paths['/webhooks']!.post!.responses)).toContain('415');
    expect(Object.keys(doc.paths['/webhooks/{id}']!.patch!.responses)).toContain('415');
  });

  it('are what every operation answers (each answer held against the document by the checker)', async () => {
    const { t, doc } = await served();
    const tradeKey = await linkKeyFor(t, 'dev@jeweller.example', 'trade');
    const retail = await linkKeyFor(t, 'shop@jeweller.example', 'retail');
    const stock = await linkKeyFor(t, 'staff@facet.example', 'stock');
    const code = (await stoneOf(t, 'Single Item')).stockCode;
    const big = JSON.stringify({ pad: 'x'.repeat(70_000) });
    for (const [template, item] of Object.entries(doc.paths)) {
      const path = template.replace('{stock_code}', code).replace(/\{[^}]+\}/g, '1');
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${template}`;
        const M = method.toUpperCase();
        // a key that may call it: the stock push takes stock keys only
        const trade = template.startsWith('/stock') ? stock : tradeKey;
        const isPublic = Array.isArray(op.security) && op.security.length === 0;
        // 400: a query parameter the call does not take (a key that may call it)
        const unknown = await t.call(`${path}?no_such_param=1`, trade, { method: M });
        expect(unknown.status, where).toBe(400);
        if (!isPublic) {
          expect((await t.call(path, undefined, { method: M })).status, where).toBe(401);
          // a retail key: 403 on the account's calls, else whatever the call answers (documented)
          await t.call(path, retail, { method: M });
        }
        if (M !== 'GET') {
          // a stock key's push may be 25 MB (link-stock-push.test.ts); any other key's is 64 KiB
          const res = await t.call(path, template === '/stock/imports' ? tradeKey : trade, {
            method: M,
            headers: { 'content-type': 'application/json' },
            body: big,
          });
          expect(res.status, where).toBe(413);
          expect((await errorOf(res)).msg).toBe('payload_too_large');
        }
        if (op.requestBody) {
          const res = await t.call(path, trade, { method: M, headers: { 'content-type': 'text/plain' }, body: '{}' });
          expect(res.status, where).toBe(415);
          expect((await errorOf(res)).msg).toBe('unsupported_media_type');
        }
      }
    }
  });
});

describe('409 and 4xx details', () => {
  it('name a stone by its stock code only, never by an internal id', async () => {
    const t = await createLinkTestApp({ seed: true });
    const mine = await linkKeyFor(t, 'dev@jeweller.example', 'trade');
    const test = await linkKeyFor(t, 'dev@jeweller.example', 'test');
    const theirs = await linkKeyFor(t, 'other@jeweller.example', 'trade');
    const held = await stoneOf(t, 'Single Item');
    const reserved = await stoneOf(t, 'Single Item', 1);
    expect((await t.post('/holds', theirs, { stock_code: held.stockCode })).status).toBe(201);
    expect(
      (await t.post('/requests', theirs, { lines: [{ stock_code: reserved.stockCode }], terms: 'memo' })).status,
    ).toBe(201);
    expect((await t.post('/holds', test, { stock_code: reserved.stockCode })).status).toBe(409);
    const refusals = [
      await t.post('/holds', mine, { stock_code: held.stockCode }),
      await t.post('/holds', theirs, { stock_code: held.stockCode }),
      await t.post('/holds', mine, { stock_code: reserved.stockCode }),
      await t.post('/requests', mine, { lines: [{ stock_code: held.stockCode }], terms: 'memo' }),
      await t.post('/requests', mine, { lines: [{ stock_code: reserved.stockCode }], terms: 'memo' }),
      await t.post('/requests', theirs, { lines: [{ stock_code: reserved.stockCode }], terms: 'memo' }),
      await t.post('/holds', test, { stock_code: held.stockCode }),
    ];
    const ids = new Set([held.id, reserved.id]);
    for (const res of refusals) {
      expect(res.status).toBe(409);
      const { msg, options = {} } = await errorOf(res);
      expect(options.stockCode, String(msg)).toMatch(/^[A-Z]/);
      expect(options, String(msg)).not.toHaveProperty('stock');
      // (`request` is the caller's own request, the one that already keeps the stone)
      for (const [key, value] of Object.entries(options))
        if (key !== 'request') expect(ids.has(value as number), `${String(msg)}: ${key}`).toBe(false);
    }
  });
});
