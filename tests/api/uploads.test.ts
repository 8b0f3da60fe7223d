/** Image block uploads: checked by content and size, re-encoded, stored under UPLOADS_DIR; refusals store nothing. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { siteBlocks } from '../../db/tables.ts';
import { createTestApp, errorOf, insertAdmin, signIn } from './auth-helpers.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

async function setup() {
  const uploads = mkdtempSync(join(tmpdir(), 'facet-uploads-'));
  dirs.push(uploads);
  const t = await createTestApp({ env: { UPLOADS_DIR: uploads } });
  const admin = await insertAdmin(t.db);
  const agent = await signIn(t, admin.email);
  const row = async () => (await t.db.select().from(siteBlocks).where(eq(siteBlocks.id, 'home_welcome_poster')))[0];
  const send = (form: FormData, path = '/configs/site-blocks/home_welcome_poster', method = 'PATCH') =>
    agent.request(path, { method, body: form });
  return { t, uploads, row, send };
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
    const { uploads, row, send } = await setup();
    const before = await row();
    const res = await send(form(new File(['<?php echo 1; ?>'], 'poster.png', { type: 'image/png' })));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      msg: [{ param: 'src', msg: "The file you wanted to upload isn't an image" }],
    });
    expect(await row()).toEqual(before);
    expect(readdirSync(uploads)).toEqual([]);
  });

  it('refuses two files at once', async () => {
    const { uploads, row, send } = await setup();
    const before = await row();
    const img = await png();
    const res = await send(form(new File([img], 'a.png'), new File([img], 'b.png')));
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toEqual({
      msg: [{ param: 'src', msg: 'You cannot upload more than one file at once' }],
    });
    expect(await row()).toEqual(before);
    expect(readdirSync(uploads)).toEqual([]);
  });

  it('refuses an oversized file', async () => {
    const { uploads, row, send } = await setup();
    const before = await row();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await png());
    const res = await send(form(new File([big], 'big.png', { type: 'image/png' })));
    expect(res.status).toBe(413);
    expect(JSON.stringify(await errorOf(res))).toContain('too large');
    expect(await row()).toEqual(before);
    expect(readdirSync(uploads)).toEqual([]);
  });

  it('accepts a real PNG: re-encoded, stored, url set, served type by content', async () => {
    const { uploads, row, send } = await setup();
    const res = await send(form(new File([await png()], 'poster.jpg', { type: 'image/jpeg' })));
    expect(res.status).toBe(200);
    const { block } = (await res.json()) as { block: { url: string; value: string } };
    expect(block.url).toMatch(/^\/uploads\/[a-f0-9]{24}\.png$/);
    expect(block.value).toBe('A diamond on black velvet');
    expect((await row())?.url).toBe(block.url);
    const files = readdirSync(uploads);
    expect(files).toEqual([block.url.slice('/uploads/'.length)]);
    const meta = await sharp(join(uploads, files[0] as string)).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });
  });

  it('creates an image block with POST and multipart _id', async () => {
    const { t, uploads, send } = await setup();
    const f = form(new File([await png()], 'x.png'));
    f.set('_id', 'home_test_image');
    f.set('type', 'image');
    const res = await send(f, '/configs/site-blocks', 'POST');
    expect(res.status).toBe(201);
    expect((await t.db.select().from(siteBlocks).where(eq(siteBlocks.id, 'home_test_image')))[0]?.type).toBe('image');
    expect(readdirSync(uploads)).toHaveLength(1);
  });
});
