/**
 * A retail key is public by design (it sits in a jeweller's web page): it sees what a visitor
 * to that page may see, whether a stone can be bought (`available`), and never whether it is
 * held or reserved, by whom or until when. Checked per field, in every call that shows
 * stones: /stones, /stones/{code}, /stones/availability, /stones/lookup, /feed (json and
 * ndjson) and /changes. Trade keys keep the hold and reservation fields.
 */
import { describe, expect, it } from 'vitest';
import { stoneOf } from './bag-fixtures.ts';
import { body, createLinkTestApp, linkKeyFor } from './link-fixtures.ts';

/** What a retail key must never get, in any stone. */
const HIDDEN = ['on_hold', 'held_by_you', 'hold_expires_at', 'reserved', 'reserved_for_you'] as const;
const SHOP = 'shop@jeweller.example';

type Stone = Record<string, unknown> & { stock_code: string; available?: boolean };

async function setup() {
  const t = await createLinkTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  const retail = await linkKeyFor(t, SHOP, 'retail', 20);
  const shopTrade = await linkKeyFor(t, SHOP, 'trade', 20);
  const other = await linkKeyFor(t, 'other@jeweller.example', 'trade');
  const [heldByShop, heldByOther, reservedByShop, reservedByOther, free] = await Promise.all(
    [0, 1, 2, 3, 4].map((i) => stoneOf(t, 'Single Item', i)),
  );
  const ok = async (res: Response) => expect(res.status, await res.clone().text()).toBe(201);
  await ok(await t.post('/holds', shopTrade, { stock_code: heldByShop!.stockCode }));
  await ok(await t.post('/holds', other, { stock_code: heldByOther!.stockCode }));
  await ok(await t.post('/requests', shopTrade, { lines: [{ stock_code: reservedByShop!.stockCode }], terms: 'memo' }));
  await ok(await t.post('/requests', other, { lines: [{ stock_code: reservedByOther!.stockCode }], terms: 'memo' }));
  const expected = new Map<string, boolean>([
    [heldByShop!.stockCode, false],
    [heldByOther!.stockCode, false],
    [reservedByShop!.stockCode, false],
    [reservedByOther!.stockCode, false],
    [free!.stockCode, true],
  ]);
  return { t, retail, shopTrade, codes: [...expected.keys()], expected };
}

/** Every stone a retail key got: only `available`, right for each of our stones. */
function expectRetailStones(where: string, stones: Stone[], expected: Map<string, boolean>) {
  expect(stones.length, where).toBeGreaterThan(0);
  for (const s of stones) {
    for (const field of HIDDEN) expect(s, `${where}: ${s.stock_code} ${field}`).not.toHaveProperty(field);
    expect(typeof s.available, `${where}: ${s.stock_code} available`).toBe('boolean');
    if (expected.has(s.stock_code)) expect(s.available, `${where}: ${s.stock_code}`).toBe(expected.get(s.stock_code));
  }
}

describe('API Link retail keys and hold state', () => {
  it('show `available` only, never on_hold, held_by_you, hold_expires_at, reserved or reserved_for_you', async () => {
    const { t, retail, codes, expected } = await setup();

    const listed: Stone[] = [];
    for (let cursor: string | null = null, first = true; first || cursor; first = false) {
      const page: { data: Stone[]; next_cursor: string | null } = await body(
        await t.call(`/stones?limit=500${cursor ? `&cursor=${cursor}` : ''}`, retail),
      );
      listed.push(...page.data);
      cursor = page.next_cursor;
    }
    expectRetailStones('/stones', listed, expected);
    for (const code of codes) expect(listed.map((s) => s.stock_code)).toContain(code);

    const one: Stone[] = [];
    for (const code of codes) one.push(await body<Stone>(await t.call(`/stones/${code}`, retail)));
    expectRetailStones('/stones/{code}', one, expected);

    const avail = await body<{ data: Stone[] }>(
      await t.post('/stones/availability', retail, { stock_codes: [...codes, 'NO-SUCH-STONE'] }),
    );
    expectRetailStones('/stones/availability', avail.data, expected);
    expect(avail.data.at(-1)).toMatchObject({ status: 'unknown', available: false });

    const looked = await body<{ data: { stone: Stone | null }[] }>(await t.post('/stones/lookup', retail, { codes }));
    expectRetailStones(
      '/stones/lookup',
      looked.data.map((d) => d.stone!),
      expected,
    );

    const feed = await body<{ stones: Stone[] }>(await t.call('/feed?format=json', retail));
    expectRetailStones('/feed json', feed.stones, expected);
    const lines = (await (await t.call('/feed?format=ndjson', retail)).text()).trim().split('\n');
    expectRetailStones(
      '/feed ndjson',
      lines.map((l) => JSON.parse(l) as Stone),
      expected,
    );
  });

  it('/changes names `available` to a retail key where a trade key sees on_hold or reserved', async () => {
    const { t, retail, shopTrade, codes } = await setup();
    type Change = { stock_code: string; type: string; fields: string[] };
    const mine = (data: Change[]) => data.filter((c) => codes.includes(c.stock_code));
    const asRetail = mine((await body<{ data: Change[] }>(await t.call('/changes?since=0&limit=1000', retail))).data);
    const asTrade = mine((await body<{ data: Change[] }>(await t.call('/changes?since=0&limit=1000', shopTrade))).data);
    expect(asTrade.flatMap((c) => c.fields).sort()).toEqual(['on_hold', 'on_hold', 'reserved', 'reserved']);
    expect(asRetail).toHaveLength(asTrade.length);
    for (const c of asRetail) {
      expect(c.type).toBe('availability_changed');
      expect(c.fields).toEqual(['available']);
      for (const field of HIDDEN) expect(c.fields, c.stock_code).not.toContain(field);
    }
  });

  it('a trade key still sees its own hold and reservation, and `available` too', async () => {
    const { t, shopTrade, codes } = await setup();
    const [heldByShop, heldByOther, reservedByShop, reservedByOther, free] = await Promise.all(
      codes.map(async (code) => body<Stone>(await t.call(`/stones/${code}`, shopTrade))),
    );
    expect(heldByShop).toMatchObject({ available: false, on_hold: true, held_by_you: true });
    expect(heldByShop!.hold_expires_at).toEqual(expect.any(String));
    expect(heldByOther).toMatchObject({ available: false, on_hold: true, held_by_you: false, hold_expires_at: null });
    expect(reservedByShop).toMatchObject({ available: false, reserved: true, reserved_for_you: true });
    expect(reservedByOther).toMatchObject({ available: false, reserved: true, reserved_for_you: false });
    expect(free).toMatchObject({ available: true, on_hold: false, reserved: false });
  });

  it('the document says so: `available` on every stone, the hold fields for trade and test keys only', async () => {
    const t = await createLinkTestApp({ seed: false });
    type Schema = { properties?: Record<string, { description?: string }>; required?: string[] };
    const doc = await body<{ paths: Record<string, Record<string, unknown>> }>(await t.call('/openapi.json'));
    const op = doc.paths['/stones/{stock_code}']!.get as {
      responses: { 200: { content: { 'application/json': { schema: { oneOf?: Schema[]; anyOf?: Schema[] } } } } };
    };
    const schema = op.responses[200].content['application/json'].schema;
    const variants = schema.oneOf ?? schema.anyOf ?? [schema as Schema];
    for (const variant of variants) {
      expect(variant.required).toContain('available');
      for (const field of HIDDEN) {
        expect(variant.required, field).not.toContain(field);
        expect(variant.properties![field]!.description, field).toMatch(/Trade and test keys only/);
      }
    }
  });
});
