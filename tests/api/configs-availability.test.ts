/**
 * The availability settings: GET /configs?fields=type&filter=diamond_available for anyone; POST
 * /configs (when none exists) and PATCH /configs/:id for admins, answering 'Your settings have
 * been saved'.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { configs } from '../../db/tables.ts';
import { createTestApp, errorOf, insertAdmin, insertUser, signIn } from './auth-helpers.ts';

const LIST = '/configs?fields=type&filter=diamond_available';
const body = (now: string, later = '3-5 days', onDemand = 'On Demand') => ({
  type: 'diamond_available',
  fields: { diamond_available_now: now, diamond_available_later: later, diamond_available_on_demand: onDemand },
});
type Docs = { docs: { _id: number; type: string; fields: Record<string, string> }[] };

describe('GET /configs?fields=type&filter=diamond_available', () => {
  it('answers the seeded labels as docs to a visitor', async () => {
    const t = await createTestApp();
    const res = await t.request(LIST);
    expect(res.status).toBe(200);
    const { docs } = (await res.json()) as Docs;
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ type: 'diamond_available', fields: { diamond_available_now: 'Immediately' } });
  });

  it('answers empty docs when no config exists (the browser then uses the defaults)', async () => {
    const t = await createTestApp();
    await t.db.delete(configs).where(eq(configs.type, 'diamond_available'));
    expect(((await (await t.request(LIST)).json()) as Docs).docs).toEqual([]);
  });

  it('refuses another filter with 400', async () => {
    const t = await createTestApp();
    const res = await t.request('/configs?fields=type&filter=site');
    expect(res.status).toBe(400);
  });
});

describe('POST /configs and PATCH /configs/:id', () => {
  it('lets an admin create the config when none exists', async () => {
    const t = await createTestApp();
    await t.db.delete(configs).where(eq(configs.type, 'diamond_available'));
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    const res = await agent.json('/configs', 'POST', body('Same day'));
    expect(res.status).toBe(201);
    const saved = (await res.json()) as { doc: { _id: number }; message: string };
    expect(saved.message).toBe('Your settings have been saved');
    const { docs } = (await (await t.request(LIST)).json()) as Docs;
    expect(docs[0]).toMatchObject({ _id: saved.doc._id, fields: { diamond_available_now: 'Same day' } });
    const site = (await (await t.request('/site')).json()) as { diamond_available: Record<string, string> };
    expect(site.diamond_available.diamond_available_now).toBe('Same day');
  });

  it('saves a label left blank as its default, so the settings and the list agree', async () => {
    const t = await createTestApp();
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    const { docs } = (await (await t.request(LIST)).json()) as Docs;
    const res = await agent.json(`/configs/${docs[0]!._id}`, 'PATCH', body('  ', '1 week', ''));
    expect(res.status).toBe(200);
    const after = (await (await t.request(LIST)).json()) as Docs;
    expect(after.docs[0]!.fields).toEqual({
      diamond_available_now: 'Immediately',
      diamond_available_later: '1 week',
      diamond_available_on_demand: 'On Demand',
    });
    const site = (await (await t.request('/site')).json()) as { diamond_available: Record<string, string> };
    expect(site.diamond_available.diamond_available_now).toBe('Immediately');
  });

  it('answers 409 with the id to a POST when the config exists', async () => {
    const t = await createTestApp();
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    const res = await agent.json('/configs', 'POST', body('Now'));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).options).toHaveProperty('id');
  });

  it('lets an admin update the labels by PATCH', async () => {
    const t = await createTestApp();
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    const { docs } = (await (await t.request(LIST)).json()) as Docs;
    const res = await agent.json(`/configs/${docs[0]!._id}`, 'PATCH', body('Next day', '1 week', 'Ask us'));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toBe('Your settings have been saved');
    const after = (await (await t.request(LIST)).json()) as Docs;
    expect(after.docs[0]!.fields).toEqual({
      diamond_available_now: 'Next day',
      diamond_available_later: '1 week',
      diamond_available_on_demand: 'Ask us',
    });
  });

  it('answers 404 for an unknown id', async () => {
    const t = await createTestApp();
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    expect((await agent.json('/configs/99999', 'PATCH', body('x'))).status).toBe(404);
  });

  it('refuses visitors (401) and customers (403)', async () => {
    const t = await createTestApp();
    expect((await t.json('/configs', 'POST', body('x'))).status).toBe(401);
    const user = await insertUser(t.db);
    const agent = await signIn(t, user.email);
    expect((await agent.json('/configs/1', 'PATCH', body('x'))).status).toBe(403);
  });

  it('answers field errors for a wrong type or a missing field', async () => {
    const t = await createTestApp();
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    const res = await agent.json('/configs/1', 'PATCH', { type: 'site', fields: {} });
    expect(res.status).toBe(400);
    expect(Array.isArray((await errorOf(res)).msg)).toBe(true);
  });
});
