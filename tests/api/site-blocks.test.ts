/** Site blocks: admin-only writes, text required, audit row, regeneration hook. */
import { desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLog, siteBlocks } from '../../db/tables.ts';
import { createTestApp, errorOf, insertAdmin, insertUser, signIn } from './auth-helpers.ts';

const block = async (t: Awaited<ReturnType<typeof createTestApp>>, id: string) =>
  (await t.db.select().from(siteBlocks).where(eq(siteBlocks.id, id)))[0];

describe('site blocks', () => {
  it('refuses visitors (401) and customers (403)', async () => {
    const t = await createTestApp();
    const visitor = await t.json('/configs/site-blocks/home_welcome_title', 'PATCH', { type: 'text', value: 'x' });
    expect(visitor.status).toBe(401);
    const user = await insertUser(t.db);
    const agent = await signIn(t, user.email);
    const res = await agent.json('/configs/site-blocks/home_welcome_title', 'PATCH', { type: 'text', value: 'x' });
    expect(res.status).toBe(403);
    const post = await agent.json('/configs/site-blocks', 'POST', { _id: 'new_block', type: 'text', value: 'x' });
    expect(post.status).toBe(403);
  });

  it('saves a text edit, audits it and tells the site to regenerate', async () => {
    const t = await createTestApp();
    const reasons: string[] = [];
    const { createApp } = await import('../../api/app.ts');
    const app = createApp({
      db: t.db,
      mailer: t.mailer,
      clock: t.clock,
      config: t.config,
      site: { contentChanged: (r) => reasons.push(r) },
    });
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    const cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const before = await block(t, 'home_welcome_title');
    const res = await app.request('/api/v1/configs/site-blocks/home_welcome_title', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ type: 'text', value: '  Every facet, every day  ' }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { block: { _id: string; value: string } };
    expect(body.block).toMatchObject({ _id: 'home_welcome_title', value: 'Every facet, every day' });
    expect((await block(t, 'home_welcome_title'))?.value).toBe('Every facet, every day');
    expect(before?.type ?? 'text').toBe('text');
    const log = (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)))[0];
    expect(log).toMatchObject({
      userId: admin.id,
      entity: 'site_block',
      entityId: 'home_welcome_title',
      action: 'update',
    });
    expect(reasons).toEqual(['block home_welcome_title']);
  });

  it('requires the text value and keeps the row', async () => {
    const t = await createTestApp();
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    const before = await block(t, 'home_welcome_title');
    const res = await agent.json('/configs/site-blocks/home_welcome_title', 'PATCH', { type: 'text', value: '   ' });
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({ msg: [{ param: 'value', msg: 'Text is required' }] });
    expect(await block(t, 'home_welcome_title')).toEqual(before);
  });

  it('creates with POST (409 when it exists), updates list blocks, 404 for an unknown PATCH', async () => {
    const t = await createTestApp();
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    const created = await agent.json('/configs/site-blocks', 'POST', {
      _id: 'home_test_list',
      type: 'list',
      value: [{ title: 'Q', content: 'A' }],
    });
    expect(created.status).toBe(201);
    expect((await block(t, 'home_test_list'))?.value).toEqual([{ title: 'Q', content: 'A' }]);
    const again = await agent.json('/configs/site-blocks', 'POST', { _id: 'home_test_list', type: 'list', value: [] });
    expect(again.status).toBe(409);
    const patched = await agent.json('/configs/site-blocks/home_test_list', 'PATCH', {
      type: 'list',
      value: [
        { title: 'Q1', content: 'A1' },
        { title: 'Q2', content: 'A2' },
      ],
    });
    expect(patched.status).toBe(200);
    expect((await block(t, 'home_test_list'))?.value).toHaveLength(2);
    const missing = await agent.json('/configs/site-blocks/nope_nothing', 'PATCH', { type: 'text', value: 'x' });
    expect(missing.status).toBe(404);
    const list = await agent.request('/configs/site-blocks');
    expect(((await list.json()) as { blocks: Record<string, unknown> }).blocks.home_test_list).toBeDefined();
  });

  it("changes an image's alt text alone, and asks for an image first when a new block has none", async () => {
    const t = await createTestApp();
    const admin = await insertAdmin(t.db);
    const agent = await signIn(t, admin.email);
    const send = (method: 'POST' | 'PATCH', path: string, fields: Record<string, string | File>) => {
      const form = new FormData();
      for (const [k, val] of Object.entries(fields)) form.set(k, val);
      return agent.request(path, { method, body: form });
    };
    const png = await sharp({ create: { width: 32, height: 20, channels: 3, background: '#222222' } })
      .png()
      .toBuffer();
    const created = await send('POST', '/configs/site-blocks', {
      _id: 'about_test_image',
      type: 'image',
      value: 'A loupe',
      src: new File([png], 'a.png', { type: 'image/png' }),
    });
    expect(created.status).toBe(201);
    const url = (await block(t, 'about_test_image'))?.url;
    expect(url).toMatch(/^\/uploads\//);

    const altOnly = await send('PATCH', '/configs/site-blocks/about_test_image', { value: 'A loupe over a pear' });
    expect(altOnly.status).toBe(200);
    expect(await block(t, 'about_test_image')).toMatchObject({ value: 'A loupe over a pear', url });

    const none = await send('POST', '/configs/site-blocks', { _id: 'about_empty_image', type: 'image', value: 'x' });
    expect(none.status).toBe(400);
    expect(await errorOf(none)).toMatchObject({ msg: [{ param: 'src', msg: 'Choose an image first' }] });
    expect(await block(t, 'about_empty_image')).toBeUndefined();
  });
});
