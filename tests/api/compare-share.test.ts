/**
 * Shared compare links (/api/v1/compare/share and /compare/shared): a signed-in trader makes a
 * link naming the stones of the board in order; anyone who opens it reads the grades, a
 * visitor with no price, per carat, total, RAP or special price anywhere in the answer, a
 * signed-in trader with the prices the compare screen shows; a stone sold since is named as
 * no longer available; a tampered, malformed or foreign token is a 4xx, never a 5xx.
 */
import { and, eq, gt, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamonds, type Diamond } from '../../db/tables.ts';
import type { SharedCompare } from '../../api/services/catalogue/compare-share.ts';
import type { ListDoc } from '../../api/services/catalogue/lists.ts';
import { signToken } from '../../api/services/platform/signed-token.ts';
import { otherSpellings } from '../support/signed-token-spellings.ts';
import { createTestApp, errorOf, insertUser, signIn, type TestApp } from './auth-helpers.ts';

const PRICE_FIELDS = ['price', 'priceOrig', 'ppc', 'ExWebTotal', 'RAP', 'WebSpecial', 'StkWebAvailable'];

/** Three priced single stones and a special offer, as rows. */
async function stones(t: TestApp): Promise<Diamond[]> {
  const priced = await t.db
    .select()
    .from(diamonds)
    .where(and(eq(diamonds.inStock, true), isNotNull(diamonds.priceCents), eq(diamonds.webSpecialCents, 0)))
    .limit(3);
  const special = await t.db.select().from(diamonds).where(gt(diamonds.webSpecialCents, 0)).limit(1);
  expect(priced).toHaveLength(3);
  expect(special).toHaveLength(1);
  return [...priced, special[0]!];
}

/** Every money figure of a stone as JSON writes it (major units and cents). */
function moneyOf(d: Diamond): string[] {
  const cents = [d.priceCents, d.ppcCents, d.exWebTotalCents, d.webSpecialCents].filter((c): c is number => !!c);
  return cents.flatMap((c) => [String(c / 100), String(c)]);
}
/** `figure` as a whole number in `text` (not part of a longer one). */
const holds = (text: string, figure: string) =>
  new RegExp(`(^|[^0-9.])${figure.replace('.', '\\.')}([^0-9]|$)`).test(text);

async function trader(t: TestApp) {
  const user = await insertUser(t.db);
  return signIn(t, user.email, user.password);
}

async function share(agent: Awaited<ReturnType<typeof trader>>, ids: number[]) {
  const res = await agent.json('/compare/share', 'POST', { ids });
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; path: string };
}

const open = (t: TestApp, token: string, agent?: Awaited<ReturnType<typeof trader>>) =>
  (agent ?? t).request(`/compare/shared?t=${encodeURIComponent(token)}`);

describe('a shared compare', () => {
  it('shows a visitor the grades in the shared order and no price of any kind', async () => {
    const t = await createTestApp();
    const rows = await stones(t);
    const ids = [rows[2]!.id, rows[0]!.id, rows[3]!.id, rows[1]!.id];
    const { token, path } = await share(await trader(t), ids);
    expect(token).toMatch(/^[0-9a-z-]+\.[A-Za-z0-9_-]{22}$/);
    expect(path).toBe(`/diamonds/compare/shared?t=${encodeURIComponent(token)}`);

    const res = await open(t, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = await res.text();
    const body = JSON.parse(text) as SharedCompare;
    expect(body.priced).toBe(false);
    expect(body.docs.map((d) => d._id)).toEqual(ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const d of body.docs) {
      const row = byId.get(d._id)!;
      expect(d.Colour?.From).toBe(row.colourFrom);
      expect(d.StkCodeCalcNS).toBe(row.stockCode);
      for (const field of PRICE_FIELDS) expect(d, `${field} of ${d._id}`).not.toHaveProperty(field);
      expect(d).not.toHaveProperty('specialOffer');
    }
    for (const row of rows) for (const figure of moneyOf(row)) expect(holds(text, figure), figure).toBe(false);
    expect(text).not.toMatch(/"(price|priceOrig|ppc|ExWebTotal|RAP)"/);
  });

  it('shows a signed-in trader the prices of the compare screen', async () => {
    const t = await createTestApp();
    const rows = await stones(t);
    const { token } = await share(
      await trader(t),
      rows.map((r) => r.id),
    );
    const other = await trader(t);
    const body = (await (await open(t, token, other)).json()) as SharedCompare & { docs: ListDoc[] };
    expect(body.priced).toBe(true);
    const mine = (await (await other.request('/diamonds/' + rows[0]!.id)).json()) as { price: number };
    expect(body.docs[0]!.price).toBe(mine.price);
    for (const [i, row] of rows.entries()) {
      expect(body.docs[i]!.price).toBe(row.priceCents! / 100);
      expect(body.docs[i]!.ppc).toBe(row.ppcCents == null ? null : row.ppcCents / 100);
    }
  });

  it('names a stone sold since the link was made as no longer available', async () => {
    const t = await createTestApp();
    const rows = await stones(t);
    const { token } = await share(
      await trader(t),
      rows.map((r) => r.id),
    );
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, rows[1]!.id));
    const body = (await (await open(t, token)).json()) as SharedCompare;
    expect(body.docs.map((d) => d._id)).toEqual([rows[0]!.id, rows[2]!.id, rows[3]!.id]);
    expect(body.gone).toEqual([{ stockCode: rows[1]!.stockCode }]);
  });
});

describe('making a shared compare', () => {
  it('needs a signed-in trader, known stones and at most 50', async () => {
    const t = await createTestApp();
    const [row] = await stones(t);
    const visitor = await t.json('/compare/share', 'POST', { ids: [row!.id] });
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).msg).toBe('not_signed_in');
    const agent = await trader(t);
    const unknown = await agent.json('/compare/share', 'POST', { ids: [row!.id, 99_999_999] });
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).msg).toBe('diamond_not_found');
    for (const ids of [[], Array.from({ length: 51 }, (_, i) => i + 1), ['1'], [0]]) {
      const res = await agent.json('/compare/share', 'POST', { ids });
      expect(res.status, JSON.stringify(ids)).toBe(400);
    }
    // repeats are dropped, the order kept
    const { token } = await share(agent, [row!.id, row!.id]);
    expect(((await (await open(t, token)).json()) as SharedCompare).docs).toHaveLength(1);
  });
});

describe('a link that is not ours', () => {
  it('answers a tampered, malformed or foreign token 4xx in the error shape', async () => {
    const t = await createTestApp();
    const rows = await stones(t);
    const { token } = await share(await trader(t), [rows[0]!.id, rows[1]!.id]);
    const [payload, sig] = token.split('.') as [string, string];
    const flipped = sig[0] === 'A' ? `B${sig.slice(1)}` : `A${sig.slice(1)}`;
    const otherIds = `${rows[2]!.id.toString(36)}-${payload}`;
    const bad = [
      `${payload}.${flipped}`, // signature changed
      ...otherSpellings(token), // the same signature bytes, spelt otherwise
      `${otherIds}.${sig}`, // a stone added, old signature
      payload, // no signature
      `${payload}.`,
      '.',
      'not a token',
      '%%%',
      `${payload}.${sig}.${sig}`,
      signToken(t.config.SESSION_SECRET, 'another-purpose', payload), // signed for something else
      signToken('another secret', 'compare-share', payload),
      signToken(t.config.SESSION_SECRET, 'compare-share', 'zz-zz'), // repeated ids
      signToken(t.config.SESSION_SECRET, 'compare-share', 'A1'), // not base 36 lower case
      'x'.repeat(401),
    ];
    for (const t2 of bad) {
      const res = await open(t, t2);
      expect(res.status, t2).toBeGreaterThanOrEqual(400);
      expect(res.status, t2).toBeLessThan(500);
      expect((await errorOf(res)).msg, t2).toBeTruthy();
    }
    expect((await open(t, `${payload}.${flipped}`)).status).toBe(404);
    const none = await t.request('/compare/shared');
    expect(none.status).toBe(400);
  });
});
