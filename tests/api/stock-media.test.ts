/**
 * Media in bulk (POST /admin/stock-media): a ZIP's files matched to stones by stock code or
 * certificate number, checked by their content, stored through the upload store, reported file
 * by file; refused files store nothing; whole-ZIP refusals in the error shape; admins only.
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { zipSync, type Zippable } from 'fflate';
import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { serveUploads } from '../../api/services/site/uploads.ts';
import { auditLog, diamondCertificates, diamondMedia, diamonds, stockChanges, uploads } from '../../db/tables.ts';
import type { MediaReport } from '../../src/domain/stock-media/report.ts';
import { createTestApp, errorOf, insertAdmin, insertUser, signIn } from './auth-helpers.ts';

const png = (background = '#b08d57') =>
  sharp({ create: { width: 12, height: 8, channels: 3, background } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 12, height: 8, channels: 3, background: '#222222' } })
    .jpeg()
    .toBuffer();
const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** The start of an MP4 file: an `ftyp` box (file-type reads it as video/mp4). */
const MP4 = Uint8Array.from([
  0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0, 0x69, 0x73, 0x6f, 0x6d, 0x6d, 0x70, 0x34,
  0x31, 0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65,
]);
const zip = (files: Record<string, Uint8Array>) => zipSync(files as Zippable, { level: 1 });

async function setup() {
  const t = await createTestApp();
  const admin = await insertAdmin(t.db);
  const staff = await signIn(t, admin.email);
  const stones = await t.db
    .select()
    .from(diamonds)
    .where(and(eq(diamonds.inStock, true), ne(diamonds.certNumber, '')))
    .orderBy(diamonds.id)
    .limit(4);
  type Stone = (typeof stones)[number];
  expect(stones).toHaveLength(4);
  const send = (data: Uint8Array | string, name = 'media.zip', agent = staff) => {
    const form = new FormData();
    form.set('file', new File([typeof data === 'string' ? data : new Uint8Array(data)], name));
    return agent.request('/admin/stock-media', { method: 'POST', body: form });
  };
  const stored = async () => (await t.db.select({ name: uploads.name }).from(uploads)).map((u) => u.name).sort();
  const mediaOf = (id: number) =>
    t.db.select().from(diamondMedia).where(eq(diamondMedia.diamondId, id)).orderBy(diamondMedia.position);
  const site = new Hono().use('/uploads/*', serveUploads(t.db, t.config.UPLOADS_DIR));
  return { t, staff, stones: stones as [Stone, Stone, Stone, Stone], send, stored, mediaOf, serve: site };
}

const lineOf = (r: MediaReport, name: string) => r.files.find((f) => f.name === name);

describe('media in bulk', () => {
  it('matches files by stock code and certificate number, stores them and reports every file', async () => {
    const { t, staff, stones, send, stored, mediaOf, serve } = await setup();
    const [a, b, c] = stones;
    const before = await stored();
    const files = {
      [`${a.stockCode}.jpg`]: await jpeg(),
      [`${a.stockCode.toLowerCase()}_2.png`]: await png(),
      [`${b.certNumber}.pdf`]: PDF,
      [`${b.stockCode}.mp4`]: MP4,
      [`${c.stockCode}/001.png`]: await png('#101010'),
      [`${c.stockCode}/002.png`]: await png('#202020'),
      [`${c.stockCode}/003.png`]: await png('#303030'),
      'NO-SUCH-STONE.jpg': await jpeg(),
      '__MACOSX/._x.jpg': new Uint8Array(4),
    };
    const res = await send(zip(files));
    expect(res.status).toBe(200);
    const report = (await res.json()) as MediaReport;
    expect(report.policy).toMatch(/Each file stands alone/);
    expect(report.counts).toEqual({ stored: 5, unchanged: 0, unmatched: 1, refused: 0 });
    expect(report.stones.sort()).toEqual([a.stockCode, b.stockCode, c.stockCode].sort());
    expect(lineOf(report, `${a.stockCode}.jpg`)).toMatchObject({ stockCode: a.stockCode, became: 'image 1' });
    expect(lineOf(report, `${a.stockCode.toLowerCase()}_2.png`)).toMatchObject({ became: 'image 2' });
    expect(lineOf(report, `${b.certNumber}.pdf`)).toMatchObject({ stockCode: b.stockCode, became: 'certificate' });
    expect(lineOf(report, `${b.stockCode}.mp4`)).toMatchObject({ became: 'video' });
    expect(lineOf(report, `${c.stockCode}/`)).toMatchObject({ status: 'stored', became: '360 set, 3 frames' });
    expect(lineOf(report, 'NO-SUCH-STONE.jpg')).toMatchObject({ status: 'unmatched', stockCode: null });
    expect(report.files.some((f) => f.name.startsWith('__MACOSX'))).toBe(false);

    // the stones' media, as the detail screen and the certificate route give them
    const images = (await mediaOf(a.id)).filter((m) => m.type === 'image');
    expect(images.map((m) => m.src)).toEqual([
      expect.stringMatching(/^\/uploads\/[a-f0-9]{24}\.jpg$/),
      expect.stringMatching(/^\/uploads\/[a-f0-9]{24}\.png$/),
    ]);
    expect((await serve.request(images[0]!.src)).headers.get('content-type')).toBe('image/jpeg');
    const spin = (await mediaOf(c.id)).find((m) => m.type === '360')!;
    expect(spin).toMatchObject({
      framesCount: 3,
      format: 'png',
      src: expect.stringMatching(/^\/uploads\/[a-f0-9]{24}\/$/),
    });
    expect((await serve.request(`${spin.src}frame-002.png`)).status).toBe(200);
    const cert = (await t.db.select().from(diamondCertificates).where(eq(diamondCertificates.diamondId, b.id)))[0]!;
    expect((await serve.request(cert.src)).status).toBe(404); // never public
    const pdf = await staff.request(`/diamonds/${b.id}/certificates/1`);
    expect(pdf.status).toBe(200);
    expect(new Uint8Array(await pdf.arrayBuffer())).toEqual(PDF);
    expect((await stored()).length - before.length).toBe(2 + 1 + 1 + 3);

    // one change-log event per stone, in the API's field names; one audit row
    const events = await t.db
      .select()
      .from(stockChanges)
      .where(inArray(stockChanges.stockCode, [a.stockCode, b.stockCode, c.stockCode]));
    expect(events.map((e) => [e.stockCode, e.kind, e.fields]).sort()).toEqual(
      [
        [a.stockCode, 'updated', ['media']],
        [b.stockCode, 'updated', ['certificate_url', 'media']],
        [c.stockCode, 'updated', ['media']],
      ].sort(),
    );
    expect(await t.db.select().from(auditLog).where(eq(auditLog.action, 'stock.media'))).toHaveLength(1);

    // the same ZIP again changes nothing
    const again = (await (await send(zip(files))).json()) as MediaReport;
    expect(again.counts).toEqual({ stored: 0, unchanged: 5, unmatched: 1, refused: 0 });
    expect(again.stones).toEqual([]);
    expect(await t.db.select().from(stockChanges).where(inArray(stockChanges.stockCode, report.stones))).toHaveLength(
      3,
    );
    expect((await stored()).length - before.length).toBe(7);
  });

  it('refuses bombs, traversal, nested archives and false content file by file, storing nothing for them', async () => {
    const { stones, send, stored, mediaOf } = await setup();
    const [a, b, c, d] = stones;
    const before = { uploads: await stored(), a: await mediaOf(a.id), c: await mediaOf(c.id) };
    const res = await send(
      zip({
        [`../${a.stockCode}.jpg`]: await jpeg(),
        [`..\\${a.stockCode}_1.jpg`]: await jpeg(),
        [`/${a.stockCode}_2.jpg`]: await jpeg(),
        'inner.zip': zip({ [`${a.stockCode}.jpg`]: await jpeg() }),
        [`${a.stockCode}_3.jpg`]: zip({ [`${a.stockCode}.jpg`]: await jpeg() }),
        [`${a.stockCode}.jpg`]: new TextEncoder().encode('<html>not a picture</html>'),
        [`${b.stockCode}.png`]: new Uint8Array(3 * 1024 * 1024),
        [`${b.stockCode}.pdf`]: await png(),
        [`${c.stockCode}/001.png`]: await png(),
        [`${c.stockCode}/002.png`]: new TextEncoder().encode('plain text'),
        [`${d.stockCode}.png`]: await png(),
      }),
    );
    expect(res.status).toBe(200);
    const report = (await res.json()) as MediaReport;
    const reason = (name: string) => lineOf(report, name)?.reason;
    expect(report.counts).toEqual({ stored: 1, unchanged: 0, unmatched: 0, refused: 9 });
    for (const name of [`../${a.stockCode}.jpg`, `..\\${a.stockCode}_1.jpg`, `/${a.stockCode}_2.jpg`])
      expect(reason(name), name).toMatch(/outside the ZIP/);
    expect(reason('inner.zip')).toMatch(/archives inside the ZIP/);
    expect(reason(`${a.stockCode}_3.jpg`)).toMatch(/archives inside the ZIP/);
    expect(reason(`${a.stockCode}.jpg`)).toMatch(/content is not an image/);
    expect(reason(`${b.stockCode}.png`)).toMatch(/zip bomb/);
    expect(reason(`${b.stockCode}.pdf`)).toMatch(/name says a PDF certificate but the content is an image/);
    expect(reason(`${c.stockCode}/`)).toMatch(/frame 002\.png.*not stored/);
    expect(lineOf(report, `${d.stockCode}.png`)).toMatchObject({ status: 'stored', became: 'image 1' });
    expect(report.stones).toEqual([d.stockCode]);
    expect((await stored()).length).toBe(before.uploads.length + 1);
    expect(await mediaOf(a.id)).toEqual(before.a);
    expect(await mediaOf(c.id)).toEqual(before.c);
  });

  it('refuses a ZIP whole in the error shape: not a ZIP, too large, nothing matched; admins only', async () => {
    const { t, stones, send, stored } = await setup();
    const before = await stored();
    const notZip = await send('StkCodeCalcNS,price\nA-1,100\n', 'stock.zip');
    expect(notZip.status).toBe(400);
    expect(await errorOf(notZip)).toMatchObject({ msg: 'not_a_zip', options: { reason: /not a ZIP/ } });

    const none = await send(
      zip({ 'NOBODY-1.jpg': await jpeg(), 'notes.txt': new Uint8Array(3), 'media/NOBODY-2.jpg': await jpeg() }),
    );
    expect(none.status).toBe(422);
    const err = await errorOf(none);
    expect(err.msg).toBe('nothing_matched');
    const report = (err.options as { report: MediaReport }).report;
    expect(report.files.map((f) => [f.name, f.status])).toEqual([
      ['media/', 'unmatched'],
      ['NOBODY-1.jpg', 'unmatched'],
      ['notes.txt', 'refused'],
    ]);
    expect(report.files[0]!.reason).toMatch(/a folder is one stone’s 360 set/);
    const refused = await send(zip({ [`${stones[0].stockCode}.jpg`]: new TextEncoder().encode('text') }));
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).msg).toBe('nothing_stored');

    const staff = await signIn(t, (await insertAdmin(t.db)).email);
    const noFile = await staff.request('/admin/stock-media', { method: 'POST', body: new FormData() });
    expect(noFile.status).toBe(400);
    const json = await staff.json('/admin/stock-media', 'POST', { file: 'x' });
    expect(json.status).toBe(415);
    const big = await send(new Uint8Array(50 * 1024 * 1024 + 100 * 1024));
    expect(big.status).toBe(413);
    expect((await errorOf(big)).msg).toBe('payload_too_large');

    const visitor = await send(zip({ 'A.jpg': await jpeg() }), 'media.zip', t.agent());
    expect(visitor.status).toBe(401);
    const trader = await signIn(t, (await insertUser(t.db)).email);
    const asTrader = await send(zip({ 'A.jpg': await jpeg() }), 'media.zip', trader);
    expect(asTrader.status).toBe(403);
    expect(await stored()).toEqual(before);
  });
});
