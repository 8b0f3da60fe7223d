/**
 * /api/v1/saved-searches: signed-in traders only, create (the view kept as its canonical list
 * address, starting at the newest stock change), list, rename and alert settings, delete,
 * at most 25 per trader, validation in the one error shape, another trader's search a 404.
 */
import { eq, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { savedSearches, stockChanges } from '../../db/tables.ts';
import type { SavedSearchList, SavedSearchView } from '../../src/domain/saved-searches/schema.ts';
import { createTestApp, errorOf, insertUser, signIn, type TestApp } from './auth-helpers.ts';

async function trader(t: TestApp, email = 'saver@jeweller.example') {
  const user = await insertUser(t.db, { email });
  return { user, agent: await signIn(t, user.email) };
}

const body = (over: Record<string, unknown> = {}) => ({
  name: '  Round D-H  ',
  view: '/diamonds/all?page=2&col=H-D&shape=round',
  columns: { measurements: false, availability: true },
  currency: 'EUR',
  ...over,
});

type Agent = Awaited<ReturnType<typeof trader>>['agent'];
const listOf = async (agent: Agent) => (await (await agent.request('/saved-searches')).json()) as SavedSearchList;
const fieldError = async (res: Response) => {
  expect(res.status).toBe(400);
  return (await errorOf(res)).msg as { param: string; msg: string }[];
};

describe('saved searches need a signed-in trader', () => {
  it('answers a visitor 401 on every call', async () => {
    const t = await createTestApp();
    expect((await t.request('/saved-searches')).status).toBe(401);
    expect((await t.json('/saved-searches', 'POST', body())).status).toBe(401);
    expect((await t.json('/saved-searches/1', 'PATCH', { name: 'x' })).status).toBe(401);
    expect((await t.request('/saved-searches/1', { method: 'DELETE' })).status).toBe(401);
  });
});

describe('a trader saves, lists, renames and deletes a search', () => {
  it('keeps the view as its list address, the columns, the currency and the alert settings', async () => {
    const t = await createTestApp();
    const { agent, user } = await trader(t);
    const res = await agent.json(
      '/saved-searches',
      'POST',
      body({ alert: 'daily', digestHour: 7, timeZone: 'europe/london', priceDropPct: 5 }),
    );
    expect(res.status).toBe(201);
    const saved = (await res.json()) as SavedSearchView;
    expect(saved).toMatchObject({
      name: 'Round D-H',
      view: '/diamonds/all?shape=round&col=D-H',
      columns: { measurements: false, availability: true },
      currency: 'EUR',
      alert: 'daily',
      digestHour: 7,
      timeZone: 'Europe/London',
      priceDropPct: 5,
    });
    const [row] = await t.db.select().from(savedSearches).where(eq(savedSearches.id, saved.id));
    const [newest] = await t.db.select({ seq: max(stockChanges.seq) }).from(stockChanges);
    expect(row!.userId).toBe(user.id);
    expect(row!.seenSeq).toBe(Number(newest?.seq ?? 0));

    expect(await listOf(agent)).toEqual({ searches: [saved], limit: 25 });

    const renamed = await agent.json(`/saved-searches/${saved.id}`, 'PATCH', { name: 'Pears', alert: 'instant' });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: 'Pears', alert: 'instant', view: saved.view });

    const gone = await agent.request(`/saved-searches/${saved.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(204);
    expect((await listOf(agent)).searches).toEqual([]);
    expect((await agent.request(`/saved-searches/${saved.id}`, { method: 'DELETE' })).status).toBe(404);
  });

  it('defaults to alerts off and every column', async () => {
    const t = await createTestApp();
    const { agent } = await trader(t);
    const res = await agent.json('/saved-searches', 'POST', { name: 'All', view: '/diamonds/all', currency: 'USD' });
    expect(await res.json()).toMatchObject({
      alert: 'off',
      digestHour: null,
      priceDropPct: null,
      columns: { measurements: true, availability: true },
    });
  });
});

describe('limits and validation', () => {
  it('keeps at most 25 searches per trader, with a clear 409', async () => {
    const t = await createTestApp();
    const { agent } = await trader(t);
    for (let i = 0; i < 25; i++)
      expect((await agent.json('/saved-searches', 'POST', body({ name: `S${i}` }))).status).toBe(201);
    const refused = await agent.json('/saved-searches', 'POST', body({ name: 'one more' }));
    expect(refused.status).toBe(409);
    const err = await errorOf(refused);
    expect(err.msg).toBe('saved_search_limit');
    expect(err.options).toMatchObject({ max: 25 });
    expect((await listOf(agent)).searches).toHaveLength(25);
    // another trader has their own 25
    const { agent: other } = await trader(t, 'other@jeweller.example');
    expect((await other.json('/saved-searches', 'POST', body())).status).toBe(201);
  });

  it('keeps to 25 when many saves arrive at once', async () => {
    const t = await createTestApp();
    const { agent } = await trader(t);
    const answers = await Promise.all(
      Array.from({ length: 32 }, (_, i) => agent.json('/saved-searches', 'POST', body({ name: `At once ${i}` }))),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect((await listOf(agent)).searches).toHaveLength(25);
  });

  it('names the field of a bad name, view, currency, alert, hour, time zone or price drop', async () => {
    const t = await createTestApp();
    const { agent } = await trader(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(81) }, 'name'],
      [{ view: '/diamonds/bag' }, 'view'],
      [{ view: 'https://elsewhere.example/diamonds/all' }, 'view'],
      [{ currency: 'CHF' }, 'currency'],
      [{ alert: 'hourly' }, 'alert'],
      [{ alert: 'daily', digestHour: 24 }, 'digestHour'],
      [{ alert: 'daily' }, 'digestHour'],
      [{ digestHour: 3.5 }, 'digestHour'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: '+01:00' }, 'timeZone'],
      [{ priceDropPct: 0 }, 'priceDropPct'],
      [{ priceDropPct: 91 }, 'priceDropPct'],
      [{ columns: { measurements: 'yes', availability: true } }, 'columns.measurements'],
    ];
    for (const [over, param] of cases) {
      const errors = await fieldError(await agent.json('/saved-searches', 'POST', body(over)));
      expect(
        errors.map((e) => e.param),
        JSON.stringify(over),
      ).toContain(param);
    }
    expect((await listOf(agent)).searches).toEqual([]);
    const ok = (await (await agent.json('/saved-searches', 'POST', body())).json()) as SavedSearchView;
    const badPatch = await agent.json(`/saved-searches/${ok.id}`, 'PATCH', { alert: 'daily' });
    expect((await fieldError(badPatch)).map((e) => e.param)).toEqual(['digestHour']);
    expect((await fieldError(await agent.json(`/saved-searches/${ok.id}`, 'PATCH', { name: '' }))).length).toBe(1);
  });

  it("answers 404 for another trader's search and leaves it alone", async () => {
    const t = await createTestApp();
    const { agent } = await trader(t);
    const { agent: other } = await trader(t, 'other@jeweller.example');
    const mine = (await (await agent.json('/saved-searches', 'POST', body())).json()) as SavedSearchView;
    const rename = await other.json(`/saved-searches/${mine.id}`, 'PATCH', { name: 'Mine now' });
    expect(rename.status).toBe(404);
    expect((await errorOf(rename)).msg).toBe('saved_search_not_found');
    expect((await other.request(`/saved-searches/${mine.id}`, { method: 'DELETE' })).status).toBe(404);
    expect((await listOf(other)).searches).toEqual([]);
    expect((await listOf(agent)).searches.map((s) => s.name)).toEqual(['Round D-H']);
    expect((await agent.request('/saved-searches/abc', { method: 'DELETE' })).status).toBe(404);
  });
});
