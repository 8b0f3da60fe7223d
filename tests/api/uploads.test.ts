/**
 * Image block uploads: checked by content, bytes and pixels, re-encoded, stored in the database
 * (table `uploads`, so every app node serves them) and served at /uploads/<name> with the type
 * of their content; refusals store nothing; uploads are counted per account.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '../../api/middleware/rate-limit.ts';
import { MSG_TOO_MANY_PIXELS, serveUploads, UPLOAD_MAX_SIDE } from '../../api/services/site/uploads.ts';
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

const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#b08d57' } })
    .png()
    .toBuffer();
/** 548 KB of PNG at 6,300 × 6,300 px would cost 0.64 s of decoding a call; this one is 128 KB. */
let huge: ReturnType<typeof png> | undefined;
const hugePng = () => (huge ??= png(6300, 6300));
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

  it('refuses an image over 4,000 px a side from its header, naming the limit, and stores nothing', async () => {
    const { t, row, send, stored } = await setup();
    const before = await row();
    expect(MSG_TOO_MANY_PIXELS).toBe('The image is too large: the limit is 4,000 × 4,000 pixels');
    for (const [name, bytes] of [
      ['huge.png', await hugePng()],
      ['wide.png', await png(UPLOAD_MAX_SIDE + 1, 1)],
      ['tall.png', await png(1, UPLOAD_MAX_SIDE + 1)],
    ] as const) {
      const res = await send(form(new File([bytes], name)));
      expect(res.status, name).toBe(400);
      expect(await errorOf(res)).toEqual({
        msg: [{ param: 'src', msg: MSG_TOO_MANY_PIXELS }],
        options: { maxWidth: 4000, maxHeight: 4000 },
      });
    }
    // a news cover too
    const cover = new FormData();
    cover.append('src', new File([await hugePng()], 'cover.png'));
    const admin = await signIn(t, (await insertAdmin(t.db)).email);
    expect((await admin.request('/admin/posts/cover', { method: 'POST', body: cover })).status).toBe(400);
    expect(await row()).toEqual(before);
    expect(await stored()).toEqual([]);
    // the limit itself is fine
    expect((await send(form(new File([await png(UPLOAD_MAX_SIDE, 1)], 'banner.png')))).status).toBe(200);
  });

  it('counts uploads per account: past the limit a 429 with Retry-After, for that account only, until the hour is over', async () => {
    const { t, send } = await setup();
    const { limit } = RATE_LIMITS.upload.perAccount;
    const img = await png();
    for (let i = 0; i < limit; i++)
      expect((await send(form(new File([img], `p${i}.png`)))).status, `upload ${i + 1}`).toBe(200);
    const refused = await send(form(new File([img], 'one-more.png')));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await errorOf(refused)).msg).toBe('too_many_requests');
    // the alt text alone (no file) is no upload
    const altOnly = new FormData();
    altOnly.set('value', 'Another alt text');
    expect((await send(altOnly)).status).toBe(200);
    const other = await signIn(t, (await insertAdmin(t.db)).email);
    const cover = new FormData();
    cover.append('src', new File([img], 'cover.png'));
    expect((await other.request('/admin/posts/cover', { method: 'POST', body: cover })).status).toBe(201);
    t.clock.advance(60 * 60_000 + 1000);
    expect((await send(form(new File([img], 'next-hour.png')))).status).toBe(200);
  });
});
