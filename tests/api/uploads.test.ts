/**
 * Image block uploads: checked by content and size, re-encoded, stored in the database (table
 * `uploads`, so every app node serves them) and served at /uploads/<name> with the type of
 * their content; refusals store nothing.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { serveUploads } from '../../api/services/site/uploads.ts';
import { siteBlocks, uploads } from '../../db/tables.ts';
import { createTestApp, errorOf, insertAdmin, signIn } from './auth-helpers.ts';

async function setup() {
  const t = await createTestApp();
  const admin = await insertAdmin(t.db);
  const agent = await signIn(t, admin.email);
  const row = async () => (await t.db.select().from(siteBlocks).where(eq(siteBlocks.id, 'home_welcome_poster')))[0];
  const send = (form: FormData, path = '/configs/site-blocks/home_welcome_poster', method = 'PATCH') =>
    agent.request(path, { method, body: form });
  const stored = async () => (await t.db.select({ name: uploads.name }).from(uploads)).map((u) => u.name);
  const site = new Hono().use('/uploads/*', serveUploads(t.db, t.config.UPLOADS_DIR));
  return { t, row, send, stored, serve: (url: string) => site.request(url) };
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#b08d57' } })
    .png()
    .toBuffer();
const form = (...files: File[]) => {
  const f = new FormData();
  f.set('value', 'A diamond on black velvet');
  for (const file of files) f.append('src', file);
  return f;
};

describe('image uploads', () => {
  it('refuses a non-image named .png, and stores nothing', async () => {
    const { row, send, stored } = await setup();
    const before = await row();
    const res = await send(form(new File(['<?php echo 1; ?>'], 'poster.png', { type: 'image/png' })));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      msg: [{ param: 'src', msg: "The file you wanted to upload isn't an image" }],
    });
    expect(await row()).toEqual(before);
    expect(await stored()).toEqual([]);
  });

  it('refuses two files at once', async () => {
    const { row, send, stored } = await setup();
    const before = await row();
    const img = await png();
    const res = await send(form(new File([img], 'a.png'), new File([img], 'b.png')));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      msg: [{ param: 'src', msg: 'You cannot upload more than one file at once' }],
    });
    expect(await row()).toEqual(before);
    expect(await stored()).toEqual([]);
  });

  it('refuses an oversized file', async () => {
    const { row, send, stored } = await setup();
    const before = await row();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await png());
    const res = await send(form(new File([big], 'big.png', { type: 'image/png' })));
    expect(res.status).toBe(413);
    expect(JSON.stringify(await errorOf(res))).toContain('too large');
    expect(await row()).toEqual(before);
    expect(await stored()).toEqual([]);
  });

  it('accepts a real PNG: re-encoded, stored, url set, served type by content', async () => {
    const { row, send, stored, serve } = await setup();
    const res = await send(form(new File([await png()], 'poster.jpg', { type: 'image/jpeg' })));
    expect(res.status).toBe(200);
    const { block } = (await res.json()) as { block: { url: string; value: string } };
    expect(block.url).toMatch(/^\/uploads\/[a-f0-9]{24}\.png$/);
    expect(block.value).toBe('A diamond on black velvet');
    expect((await row())?.url).toBe(block.url);
    expect(await stored()).toEqual([block.url.slice('/uploads/'.length)]);
    const served = await serve(block.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });
  });

  it('creates an image block with POST and multipart _id', async () => {
    const { t, send, stored } = await setup();
    const f = form(new File([await png()], 'x.png'));
    f.set('_id', 'home_test_image');
    f.set('type', 'image');
    const res = await send(f, '/configs/site-blocks', 'POST');
    expect(res.status).toBe(201);
    expect((await t.db.select().from(siteBlocks).where(eq(siteBlocks.id, 'home_test_image')))[0]?.type).toBe('image');
    expect(await stored()).toHaveLength(1);
  });
});
