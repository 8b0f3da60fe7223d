/**
 * /api/v1/profile/favourites, /profile/compare and /profile/lists/merge: signed-in only
 * (401), foreign Origin 403, unknown stones 404, compare order kept and reorderable,
 * merge de-duplicating, and stones that left the stock flagged inStock false.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamonds } from '../../db/tables.ts';
import type { ListAnswer, MergeAnswer } from '../../api/services/catalogue/lists.ts';
import { createTestApp, errorOf, insertUser, signIn, type TestApp } from './auth-helpers.ts';

async function customer(t: TestApp) {
  const user = await insertUser(t.db);
  return signIn(t, user.email, user.password);
}

const ids = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as ListAnswer).ids;
};

describe('lists need a signed-in user', () => {
  it('answers a visitor 401 on every list call', async () => {
    const t = await createTestApp();
    const calls: [string, string][] = [
      ['/profile/favourites', 'GET'],
      ['/profile/favourites/1', 'PUT'],
      ['/profile/favourites/1', 'DELETE'],
      ['/profile/compare', 'GET'],
      ['/profile/compare/1', 'PUT'],
      ['/profile/compare/1', 'DELETE'],
    ];
    for (const [path, method] of calls) {
      const res = await t.request(path, { method });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await errorOf(res)).msg).toBe('not_signed_in');
    }
    expect((await t.json('/profile/compare', 'PUT', { ids: [1] })).status).toBe(401);
    expect((await t.json('/profile/lists/merge', 'POST', { favourites: [1], compare: [] })).status).toBe(401);
  });

  it('refuses a write from a foreign Origin with 403', async () => {
    const t = await createTestApp();
    const agent = await customer(t);
    const res = await agent.request('/profile/favourites/1', {
      method: 'PUT',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect((await errorOf(res)).msg).toBe('forbidden_origin');
    expect(await ids(await agent.request('/profile/favourites'))).toEqual([]);
  });
});

describe('favourites', () => {
  it('adds (idempotently), lists in the order added and removes', async () => {
    const t = await createTestApp();
    const agent = await customer(t);
    await agent.request('/profile/favourites/3', { method: 'PUT' });
    await agent.request('/profile/favourites/1', { method: 'PUT' });
    expect(await ids(await agent.request('/profile/favourites/3', { method: 'PUT' }))).toEqual([3, 1]);
    const list = (await (await agent.request('/profile/favourites')).json()) as ListAnswer;
    expect(list.docs.map((d) => d._id)).toEqual([3, 1]);
    expect(list.docs[0]).toHaveProperty('StkWebAvailable');
    expect(list.docs[0]?.inStock).toBe(true);
    expect(await ids(await agent.request('/profile/favourites/3', { method: 'DELETE' }))).toEqual([1]);
  });

  it('answers 404 diamond_not_found for an unknown stone', async () => {
    const t = await createTestApp();
    const agent = await customer(t);
    for (const method of ['PUT', 'DELETE']) {
      const res = await agent.request('/profile/favourites/999999', { method });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).msg).toBe('diamond_not_found');
    }
    expect((await agent.request('/profile/compare/999999', { method: 'PUT' })).status).toBe(404);
  });

  it('keeps a stone that left the stock, flagged inStock false', async () => {
    const t = await createTestApp();
    const agent = await customer(t);
    await agent.request('/profile/favourites/5', { method: 'PUT' });
    await t.db.update(diamonds).set({ inStock: false }).where(eq(diamonds.id, 5));
    const list = (await (await agent.request('/profile/favourites')).json()) as ListAnswer;
    expect(list.docs).toHaveLength(1);
    expect(list.docs[0]?.inStock).toBe(false);
    expect(await ids(await agent.request('/profile/favourites/5', { method: 'DELETE' }))).toEqual([]);
  });

  it('keeps each customer to their own list', async () => {
    const t = await createTestApp();
    const a = await customer(t);
    const b = await customer(t);
    await a.request('/profile/favourites/7', { method: 'PUT' });
    expect(await ids(await b.request('/profile/favourites'))).toEqual([]);
  });
});

describe('compare', () => {
  it('appends, reorders (persisted) and removes', async () => {
    const t = await createTestApp();
    const agent = await customer(t);
    for (const id of [4, 8, 6]) await agent.request(`/profile/compare/${id}`, { method: 'PUT' });
    expect(await ids(await agent.request('/profile/compare'))).toEqual([4, 8, 6]);
    expect(await ids(await agent.json('/profile/compare', 'PUT', { ids: [6, 4, 8] }))).toEqual([6, 4, 8]);
    expect(await ids(await agent.request('/profile/compare'))).toEqual([6, 4, 8]);
    expect(await ids(await agent.request('/profile/compare/4', { method: 'DELETE' }))).toEqual([6, 8]);
    expect(await ids(await agent.request('/profile/compare/4', { method: 'PUT' }))).toEqual([6, 8, 4]);
  });

  it('ignores unknown ids in a reorder and keeps the ones left out at the end', async () => {
    const t = await createTestApp();
    const agent = await customer(t);
    for (const id of [1, 2, 3]) await agent.request(`/profile/compare/${id}`, { method: 'PUT' });
    expect(await ids(await agent.json('/profile/compare', 'PUT', { ids: [3, 99, 3] }))).toEqual([3, 1, 2]);
  });

  it('validates the reorder body', async () => {
    const t = await createTestApp();
    const agent = await customer(t);
    const res = await agent.json('/profile/compare', 'PUT', { ids: ['x'] });
    expect(res.status).toBe(400);
    const text = await agent.request('/profile/compare', {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'ids',
    });
    expect(text.status).toBe(415);
  });
});

describe('POST /profile/lists/merge', () => {
  it('adds the browser lists to the server lists without duplicates, dropping unknown ids', async () => {
    const t = await createTestApp();
    const agent = await customer(t);
    await agent.request('/profile/favourites/2', { method: 'PUT' });
    await agent.request('/profile/compare/5', { method: 'PUT' });
    const res = await agent.json('/profile/lists/merge', 'POST', {
      favourites: [3, 2, 3, 999999],
      compare: [9, 5, 9, 10],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as MergeAnswer;
    expect(body.favourites.ids).toEqual([2, 3]);
    expect(body.compare.ids).toEqual([5, 9, 10]);
    expect(body.compare.docs.map((d) => d._id)).toEqual([5, 9, 10]);
    expect(await ids(await agent.request('/profile/favourites'))).toEqual([2, 3]);
  });

  it('accepts empty lists and refuses a malformed body', async () => {
    const t = await createTestApp();
    const agent = await customer(t);
    const empty = (await (await agent.json('/profile/lists/merge', 'POST', {})).json()) as MergeAnswer;
    expect(empty).toEqual({ favourites: { ids: [], docs: [] }, compare: { ids: [], docs: [] } });
    expect((await agent.json('/profile/lists/merge', 'POST', { favourites: 'all' })).status).toBe(400);
  });
});
