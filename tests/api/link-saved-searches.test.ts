/**
 * Saved searches through API Link: save /stones filters (kept as the site's list address and
 * answered back as filters), list, read, delete; the site's searches seen through the Link and
 * the other way; bad filters named; the 25 limit; another account's search a 404; a retail
 * key refused; a test key's calls checked and answered but changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { savedSearches } from '../../db/tables.ts';
import { signIn } from './auth-helpers.ts';
import { body, createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';

type Saved = {
  id: number | null;
  name: string;
  filters: Record<string, unknown>;
  list_url: string;
  alert: string;
  price_drop_pct: number | null;
  digest_hour: number | null;
  time_zone: string | null;
  test: boolean;
};
type Err = { errors: { msg: string | { param: string; msg: string }[]; options?: Record<string, unknown> } };

const TRADER = 'api@jeweller.example';

async function setup() {
  const t = await createLinkTestApp();
  const key = await linkKeyFor(t, TRADER, 'trade');
  return { t, key };
}

const del = (t: LinkTestApp, path: string, key: string) => t.call(path, key, { method: 'DELETE' });
const params = async (res: Response) => {
  expect(res.status).toBe(400);
  return ((await body<Err>(res)).errors.msg as { param: string }[]).map((e) => e.param);
};

describe('API Link saved searches', () => {
  it('saves /stones filters, answers them back with the site address, lists, reads and deletes', async () => {
    const { t, key } = await setup();
    const res = await t.post('/saved-searches', key, {
      name: 'Round 1-2 ct',
      filters: {
        shape: 'round,pear',
        carat_min: 1,
        carat_max: '2',
        colour: ['F', 'D', 'E'],
        cut: 'EX,VG',
        lab: ['gia'],
        sort: '-price',
        currency: 'EUR',
      },
      alert: 'daily',
      digest_hour: 8,
      time_zone: 'Europe/Paris',
      price_drop_pct: 10,
    });
    expect(res.status).toBe(201);
    const saved = await body<Saved>(res);
    expect(saved).toMatchObject({
      name: 'Round 1-2 ct',
      filters: {
        category: 'stone',
        origin: 'natural',
        shape: ['round', 'pear'],
        carat_min: 1,
        carat_max: 2,
        colour: ['D', 'E', 'F'],
        cut: ['Excellent', 'Very Good'],
        lab: ['GIA'],
        sort: '-price',
        currency: 'EUR',
      },
      alert: 'daily',
      digest_hour: 8,
      time_zone: 'Europe/Paris',
      price_drop_pct: 10,
      test: false,
    });
    expect(saved.list_url).toBe(
      `${t.config.siteUrl}/diamonds/all?sort=-price&shape=round%2Cpear&wt=1-2&col=D-F&cut=VG-EX&lab=GIA`,
    );
    const [row] = await t.db.select().from(savedSearches);
    expect(row).toMatchObject({ currency: 'EUR', alert: 'daily', view: saved.list_url.slice(t.config.siteUrl.length) });

    const list = await body<{ data: Saved[]; limit: number }>(await t.call('/saved-searches', key));
    expect(list).toEqual({ data: [saved], limit: 25 });
    expect(await body<Saved>(await t.call(`/saved-searches/${saved.id}`, key))).toEqual(saved);

    expect((await del(t, `/saved-searches/${saved.id}`, key)).status).toBe(204);
    const gone = await t.call(`/saved-searches/${saved.id}`, key);
    expect(gone.status).toBe(404);
    expect((await body<Err>(gone)).errors.msg).toBe('saved_search_not_found');
    expect((await del(t, `/saved-searches/${saved.id}`, key)).status).toBe(404);
  });

  it('keeps lab-grown and parcel lists, and defaults to natural stones, alerts off, the shop currency', async () => {
    const { t, key } = await setup();
    const lab = await body<Saved>(
      await t.post('/saved-searches', key, { name: 'LG', filters: { origin: 'lab_grown' } }),
    );
    expect(lab.list_url).toBe(`${t.config.siteUrl}/diamonds/all/lab-grown`);
    const parcels = await body<Saved>(
      await t.post('/saved-searches', key, { name: 'P', filters: { category: 'parcel', clarity: 'VS1,VS2' } }),
    );
    expect(parcels.filters).toMatchObject({ category: 'parcel', clarity: ['VS1', 'VS2'] });
    expect(parcels.filters).not.toHaveProperty('origin');
    const plain = await body<Saved>(await t.post('/saved-searches', key, { name: 'All' }));
    expect(plain).toMatchObject({
      alert: 'off',
      price_drop_pct: null,
      filters: { category: 'stone', origin: 'natural' },
    });
    expect(plain.filters.currency).toMatch(/^[A-Z]{3}$/);
  });

  it('shows a search saved on the site, and the site lists one saved through the Link', async () => {
    const { t, key } = await setup();
    const agent = await signIn(t, TRADER);
    const made = await agent.json('/saved-searches', 'POST', {
      name: 'From the site',
      view: '/diamonds/all?tab=2&col=E-G&pol=VG-EX',
      currency: 'GBP',
    });
    expect(made.status).toBe(201);
    await t.post('/saved-searches', key, { name: 'From the Link', filters: { shape: 'oval' } });
    const viaLink = await body<{ data: Saved[] }>(await t.call('/saved-searches', key));
    expect(viaLink.data.map((s) => s.name)).toEqual(['From the site', 'From the Link']);
    expect(viaLink.data[0]!.filters).toMatchObject({ category: 'parcel', colour: ['E', 'F', 'G'], currency: 'GBP' });
    expect(viaLink.data[0]!.list_url).toContain('pol=VG-EX');
    const onSite = (await (await agent.request('/saved-searches')).json()) as { searches: { view: string }[] };
    expect(onSite.searches.map((s) => s.view)).toEqual([
      '/diamonds/all?tab=2&col=E-G&pol=VG-EX',
      '/diamonds/all?shape=oval',
    ]);
  });

  it('names a bad or unknown filter, and checks name and alert fields', async () => {
    const { t, key } = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ filters: { colour: 'D,F' } }, 'filters.colour'],
      [{ filters: { colour: 'Z' } }, 'filters.colour'],
      [{ filters: { carat_min: 'lots' } }, 'filters.carat_min'],
      [{ filters: { colr: 'D' } }, 'filters.colr'],
      [{ filters: { limit: 10 } }, 'filters.limit'],
      [{ filters: { has_image: true } }, 'filters.has_image'],
      [{ filters: { shape: 'unicorn' } }, 'filters.shape'],
      [{ filters: { lab: 'XYZ' } }, 'filters.lab'],
      [{ filters: { category: 'parcel', origin: 'natural' } }, 'filters.origin'],
      [{ filters: { price_max: 60000 } }, 'filters.price_max'],
      [{ filters: { sort: 'colour' } }, 'filters.sort'],
      [{ filters: { currency: 'CHF' } }, 'filters.currency'],
      [{ filters: { certificate_number: ['1', '2'] } }, 'filters.certificate_number'],
      [{ filters: { shape: { a: 1 } } }, 'filters.shape'],
      [{ name: '' }, 'name'],
      [{ alert: 'weekly' }, 'alert'],
      [{ alert: 'daily' }, 'digest_hour'],
      [{ time_zone: 'Nowhere/Land' }, 'time_zone'],
      [{ price_drop_pct: 95 }, 'price_drop_pct'],
    ];
    for (const [over, param] of cases) {
      const res = await t.post('/saved-searches', key, { name: 'x', ...over });
      expect(await params(res), JSON.stringify(over)).toContain(param);
    }
    expect((await body<{ data: Saved[] }>(await t.call('/saved-searches', key))).data).toEqual([]);
  });

  it('keeps 25 per account, and another account sees none of them', async () => {
    const { t, key } = await setup();
    for (let i = 0; i < 25; i++) expect((await t.post('/saved-searches', key, { name: `S${i}` })).status).toBe(201);
    const refused = await t.post('/saved-searches', key, { name: 'S25' });
    expect(refused.status).toBe(409);
    expect((await body<Err>(refused)).errors).toMatchObject({ msg: 'saved_search_limit', options: { max: 25 } });

    const other = await linkKeyFor(t, 'other@jeweller.example', 'trade');
    const first = (await body<{ data: Saved[] }>(await t.call('/saved-searches', key))).data[0]!;
    expect((await t.call(`/saved-searches/${first.id}`, other)).status).toBe(404);
    expect((await del(t, `/saved-searches/${first.id}`, other)).status).toBe(404);
    expect((await body<{ data: Saved[] }>(await t.call('/saved-searches', other))).data).toEqual([]);
    expect((await t.call(`/saved-searches/${first.id}`, key)).status).toBe(200);
  });

  it('refuses a retail key; a test key reads, and its saves and deletes change nothing', async () => {
    const { t, key } = await setup();
    const retail = await linkKeyFor(t, 'shopfront@jeweller.example', 'retail');
    const byRetail = await t.call('/saved-searches', retail);
    expect(byRetail.status).toBe(403);
    expect((await body<Err>(byRetail)).errors.msg).toBe('scope_not_allowed');

    const real = await body<Saved>(await t.post('/saved-searches', key, { name: 'Real' }));
    const test = await linkKeyFor(t, TRADER, 'test');
    const tried = await t.post('/saved-searches', test, { name: 'Tried', filters: { colour: 'D' } });
    expect(tried.status).toBe(201);
    expect(await body<Saved>(tried)).toMatchObject({ id: null, test: true, name: 'Tried', filters: { colour: ['D'] } });
    expect(await params(await t.post('/saved-searches', test, { name: 'x', filters: { colour: 'D,F' } }))).toEqual([
      'filters.colour',
    ]);
    expect((await del(t, `/saved-searches/${real.id}`, test)).status).toBe(204);
    expect((await del(t, '/saved-searches/999999', test)).status).toBe(404);
    const listed = await body<{ data: Saved[] }>(await t.call('/saved-searches', test));
    expect(listed.data.map((s) => s.name)).toEqual(['Real']);
    expect(await t.db.select().from(savedSearches)).toHaveLength(1);
  });
});
