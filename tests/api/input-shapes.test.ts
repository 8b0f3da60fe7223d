/**
 * Inputs that look present but are not: required text made only of
 * invisible characters, arrays where an object is expected, and site block ids like NaN.
 */
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, siteBlocks, users } from '../../db/tables.ts';
import { createTestApp, errorOf, insertAdmin, insertUser, registration, signIn } from './auth-helpers.ts';

const INVISIBLE = ['\u0000', '\u202E', '\uD800', '\u200B\u200C\u200D', '\uFEFF \u3164'];

describe('required text made only of invisible characters', () => {
  it.each(INVISIBLE.map((s) => [JSON.stringify(s), s]))(
    'registration refuses a first name of %s',
    async (_label, value) => {
      const t = await createTestApp({ seed: false });
      const res = await t.json('/register', 'POST', registration({ firstName: value }));
      expect(res.status).toBe(400);
      expect((await errorOf(res)).msg).toEqual([{ param: 'firstName', msg: 'First name is required' }]);
      expect((await t.db.select({ n: count() }).from(users))[0]?.n).toBe(0);
    },
  );

  it('the contact form refuses an invisible message, and a bidi override inside a name', async () => {
    const t = await createTestApp({ seed: false });
    const base = {
      name: 'Ada Stone',
      email: 'ada@stone.example',
      phone: '+44 20 7946 0001',
      companyName: 'Stone & Co',
      pageTitle: 'Contact',
    };
    const blank = await t.json('/message', 'POST', { ...base, message: '\u200B\u202E\u0000' });
    expect(blank.status).toBe(400);
    expect((await errorOf(blank)).msg).toEqual([{ param: 'message', msg: 'Message is required' }]);
    const spoof = await t.json('/message', 'POST', { ...base, name: 'Ada \u202Eenots', message: 'Hello' });
    expect(spoof.status).toBe(400);
    expect((await errorOf(spoof)).msg).toEqual([
      { param: 'name', msg: 'Name contains characters that are not allowed' },
    ]);
    expect((await t.db.select({ n: count() }).from(contactMessages))[0]?.n).toBe(0);
  });

  it('an admin cannot save a text block made of zero-width spaces', async () => {
    const t = await createTestApp();
    const admin = await signIn(t, (await insertAdmin(t.db)).email);
    const before = (await t.db.select().from(siteBlocks).where(eq(siteBlocks.id, 'home_welcome_title')))[0];
    const res = await admin.json('/configs/site-blocks/home_welcome_title', 'PATCH', {
      type: 'text',
      value: '\u200B\u200B',
    });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([{ param: 'value', msg: 'Text is required' }]);
    expect((await t.db.select().from(siteBlocks).where(eq(siteBlocks.id, 'home_welcome_title')))[0]).toEqual(before);
  });
});

describe('arrays where an object is expected', () => {
  it.each([
    ['PATCH', '/profile', []],
    ['PATCH', '/profile', [{ city: 'Bath' }]],
    ['POST', '/login', []],
    ['PATCH', '/profile/updateDialogSettings', []],
  ])('%s %s with %j is a 400', async (method, path, body) => {
    const t = await createTestApp({ seed: false });
    const agent = await signIn(t, (await insertUser(t.db, { city: 'London' })).email);
    const res = await agent.json(path, method, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([{ param: '_', msg: 'The request body must be a JSON object' }]);
  });

  it('an admin post update given an array changes nothing', async () => {
    const t = await createTestApp();
    const admin = await signIn(t, (await insertAdmin(t.db)).email);
    const res = await admin.json('/admin/posts/1', 'PATCH', []);
    expect(res.status).toBe(400);
  });
});

describe('site block ids', () => {
  it.each([
    'NaN',
    'nan',
    'null',
    'undefined',
    'Infinity',
    '1',
    'home',
    'Home_Title',
    'home-title',
    '_home_title',
    'home__title',
    'home_title_',
    `a_${'b'.repeat(80)}`,
  ])('refuses to create a block with the id %j', async (id) => {
    const t = await createTestApp({ seed: false });
    const admin = await signIn(t, (await insertAdmin(t.db)).email);
    const res = await admin.json('/configs/site-blocks', 'POST', { _id: id, type: 'text', value: 'Hello' });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).msg).toEqual([
      { param: '_id', msg: expect.stringMatching(/lower-case words|At most 80/) },
    ]);
    expect((await t.db.select({ n: count() }).from(siteBlocks))[0]?.n).toBe(0);
  });

  it('takes page_block ids, and refuses NaN in the address too', async () => {
    const t = await createTestApp({ seed: false });
    const admin = await signIn(t, (await insertAdmin(t.db)).email);
    for (const id of ['home_welcome_title', 'footer_logo_3', 'about_section_2_text']) {
      expect(
        (await admin.json('/configs/site-blocks', 'POST', { _id: id, type: 'text', value: 'Hello' })).status,
        id,
      ).toBe(201);
    }
    expect((await admin.json('/configs/site-blocks/NaN', 'PATCH', { type: 'text', value: 'Hello' })).status).toBe(400);
  });
});
