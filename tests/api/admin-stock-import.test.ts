import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, diamonds } from '../../db/tables.ts';
import { createTestApp, errorOf, insertAdmin, signIn, type TestApp } from './auth-helpers.ts';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/stock/${name}`, import.meta.url));

type ImportResult = {
  applied: boolean;
  rows: number;
  valid: number;
  errorCount: number;
  errors: { row: number; field: string; msg: string }[];
  created: number;
  updated: number;
  markedOut: number;
  preview: Record<string, unknown>[];
  ms: number;
};

async function setup(stones = 300) {
  const siteChanges: string[] = [];
  const t = await createTestApp({ stones, site: { contentChanged: (reason) => siteChanges.push(reason) } });
  const admin = await insertAdmin(t.db);
  const staff = await signIn(t, admin.email);
  const upload = (name: string, data: Uint8Array | string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('file', new File([typeof data === 'string' ? data : new Uint8Array(data)], name));
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return staff.request('/admin/stock-import', { method: 'POST', body: form });
  };
  return { t, admin, staff, upload, siteChanges };
}

/** A fingerprint of the whole stock table, to prove an import changed nothing. */
const stockState = async (t: TestApp) => JSON.stringify(await t.db.select().from(diamonds).orderBy(diamonds.id));

describe('stock import', () => {
  it('refuses a malformed file with 400 and changes nothing', async () => {
    const { t, upload, siteChanges } = await setup();
    const before = await stockState(t);
    for (const [name, data, reason] of [
      ['malformed.csv', fixture('malformed.csv'), /never closed/],
      ['no-code-column.csv', fixture('no-code-column.csv'), /No stock code column/],
      ['stock.xlsx', Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), /Excel/],
      ['empty.csv', '', /empty/],
      ['binary.csv', Uint8Array.from([0xff, 0xfe, 0x00, 0x81]), /UTF-8|text/],
    ] as const) {
      for (const mode of ['preview', 'apply']) {
        const res = await upload(name, data, { mode });
        expect(res.status, `${name} ${mode}`).toBe(400);
        const err = await errorOf(res);
        expect(err.msg).toBe('invalid_file');
        expect(String(err.options?.reason)).toMatch(reason);
      }
    }
    expect(await stockState(t)).toBe(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(0);
    expect(siteChanges).toEqual([]);
  });

  it('previews a file with bad rows (per-row errors) and refuses to apply it, changing nothing', async () => {
    const { t, upload } = await setup();
    const before = await stockState(t);
    const res = await upload('bad-rows.csv', fixture('bad-rows.csv'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as ImportResult;
    expect(body).toMatchObject({ applied: false, rows: 6, valid: 1, created: 1 });
    expect(body.errors).toEqual([
      { row: 3, field: 'STWeight', value: 'heavy', msg: 'The weight must be a number, not "heavy"' },
      { row: 4, field: 'Colour', value: 'Z', msg: 'Colour must be D to M, not "Z"' },
      { row: 5, field: 'StkShape', value: '', msg: 'The shape is required' },
      { row: 6, field: 'Clarity', value: 'VS9', msg: 'Clarity must be FL to I3, not "VS9"' },
      { row: 6, field: 'price', value: '', msg: 'A stone needs a price' },
      { row: 6, field: 'StkWebAvailable', value: '7', msg: 'Availability must be 1 (now), 2 (later) or 3 (on demand)' },
      { row: 7, field: 'StkCodeCalcNS', value: 'BAD-0001', msg: 'The stock code is already on row 2' },
    ]);

    // strict: all or nothing
    const strict = await upload('bad-rows.csv', fixture('bad-rows.csv'), { mode: 'apply', strict: 'true' });
    expect(strict.status).toBe(422);
    const err = await errorOf(strict);
    expect(err.msg).toBe('import_has_errors');
    expect((err.options as unknown as ImportResult).errorCount).toBe(7);
    // partial (the default): 5 bad rows of 6 is past the bad-rows limit, so nothing is applied
    const apply = await upload('bad-rows.csv', fixture('bad-rows.csv'), { mode: 'apply' });
    expect(apply.status).toBe(422);
    expect((await errorOf(apply)).msg).toBe('too_many_bad_rows');
    // nor does a full feed with bad rows mark the stones missing from it out of stock
    const full = await upload('bad-rows.csv', fixture('bad-rows.csv'), { mode: 'apply', full: 'true' });
    expect(full.status).toBe(422);
    expect(await stockState(t)).toBe(before);
    expect(await t.db.select().from(auditLog)).toHaveLength(0);
  });

  it('reads an Excel workbook (first worksheet, numbers and text cells) like a CSV', async () => {
    const { t, upload } = await setup();
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Stock').addRows([
      ['Stock No', 'Shape', 'Carat', 'Color', 'Clarity', 'Lab', 'Price'],
      ['XL-0001', 'Oval', 1.2, 'F', 'VS2', 'IGI', 5400],
      ['XL-0002', 'Cushion', '0.90', 'h', 'si1', 'GIA', 3100.5],
    ]);
    wb.addWorksheet('Notes').addRow(['not read']);
    const data = new Uint8Array(await wb.xlsx.writeBuffer());
    const preview = (await (await upload('feed.xlsx', data)).json()) as ImportResult;
    expect(preview).toMatchObject({ rows: 2, valid: 2, errorCount: 0, created: 2, applied: false });
    const res = await upload('feed.xlsx', data, { mode: 'apply' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ applied: true, created: 2 });
    expect((await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'XL-0001')))[0]).toMatchObject({
      shape: 'Oval',
      weight: 1.2,
      colourFrom: 'F',
      clarityFrom: 'VS2',
      certLab: 'IGI',
      priceCents: 540_000,
    });
    expect((await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'XL-0002')))[0]).toMatchObject({
      shape: 'Cushion',
      weight: 0.9,
      colourFrom: 'H',
      clarityFrom: 'SI1',
      priceCents: 310_050,
    });
  });

  it('applies a file with synonym headers: creates, updates by stock code and computes the ranks', async () => {
    const { t, admin, upload, siteChanges } = await setup();
    const preview = (await (await upload('good.csv', fixture('good.csv'))).json()) as ImportResult;
    expect(preview).toMatchObject({ rows: 3, valid: 3, errorCount: 0, created: 3, updated: 0, applied: false });
    expect(siteChanges).toEqual([]);
    expect((await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'IMP-0001')))[0]).toBeUndefined();

    const res = await upload('good.csv', fixture('good.csv'), { mode: 'apply' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ applied: true, created: 3, updated: 0 });
    // the static home page (its specials strip) is rebuilt from the new stock
    expect(siteChanges).toEqual(['stock import']);
    const one = (await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'IMP-0001')))[0];
    expect(one).toMatchObject({
      shape: 'Round',
      catType: 'Single Item',
      weight: 1.01,
      colourFrom: 'G',
      colourFromRank: 3,
      clarityFrom: 'VS1',
      clarityToRank: 4,
      cutFrom: 'Excellent',
      cutFromRank: 5,
      fluorescenceFrom: 'None',
      fluorescenceFromRank: 1,
      certLab: 'GIA',
      priceCents: 745_000,
      rap: 31.5,
      depthTotal: 61.8,
      mes1: 6.42,
      mes3: 3.98,
      comments: 'Eye clean',
      inStock: true,
    });
    const two = (await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'IMP-0002')))[0];
    expect(two).toMatchObject({
      source: 'Lab Grown',
      catName: 'Lab Grown Diamonds',
      fluorescenceFrom: 'Faint',
      cutFrom: null,
      availability: 2,
    });
    const three = (await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'IMP-0003')))[0];
    expect(three).toMatchObject({
      shape: 'Pear',
      polishFrom: 'Good',
      symmetryFrom: 'Very Good',
      fluorescenceFrom: 'Medium',
      comments: 'Nice pear, "bow tie" minimal',
    });

    // a price-only feed updates the price and keeps everything else
    const update = await upload('prices.csv', 'StkCodeCalcNS,price\nIMP-0001,7000\n', { mode: 'apply' });
    expect(await update.json()).toMatchObject({ created: 0, updated: 1 });
    expect((await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'IMP-0001')))[0]).toMatchObject({
      priceCents: 700_000,
      colourFrom: 'G',
      comments: 'Eye clean',
    });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'stock.import'));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      userId: admin.id,
      detail: expect.objectContaining({ created: 3, file: 'good.csv' }),
    });
  });

  it('reads parcels (semicolon separated, ranges, sizes) and a full feed marks missing stones out of stock', async () => {
    const { t, upload, staff } = await setup();
    const inStock = async () =>
      (await t.db.select({ n: count() }).from(diamonds).where(eq(diamonds.inStock, true)))[0]?.n;
    expect(await inStock()).toBe(300);
    const res = await upload('parcels.csv', fixture('parcels.csv'), { mode: 'apply', full: 'true' });
    expect(res.status).toBe(200);
    // taking all 300 out of stock waits for a staff member's confirmation (the safety valve)
    const waiting = (await res.json()) as ImportResult & { runId: number };
    expect(waiting).toMatchObject({ created: 2, markedOut: 300, status: 'needs_confirmation', applied: false });
    expect(await inStock()).toBe(300);
    const confirmed = await staff.request(`/admin/stock-import/runs/${waiting.runId}/confirm`, { method: 'POST' });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ created: 2, markedOut: 300, status: 'confirmed' });
    expect(await inStock()).toBe(2);
    expect((await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'IMP-P-02')))[0]).toMatchObject({
      catType: 'Multiple Items',
      catName: 'Parcels',
      colourFrom: 'G',
      colourTo: 'H',
      clarityFrom: 'SI1',
      clarityTo: 'SI2',
      ppcCents: 98_000,
      sizeFrom: 0.03,
      sizeTo: 0.05,
    });
    const listed = (await (await t.request('/diamonds?limit=5')).json()) as { totalDocs: number };
    expect(listed.totalDocs).toBe(2);
  });

  // Only correctness here: how long it takes is measured by bench/stock-import.ts (npm run bench).
  // 5,000 rows are five of the reader's 1,000-row chunks and thirteen of the upsert's 400-row
  // batches, and more bind values than one PostgreSQL statement takes (65,535): every path a
  // larger file takes.
  it('imports a 5,000-row file, creating and storing every row', async () => {
    const ROWS = 5_000;
    const { t, upload } = await setup();
    const lines = [
      'StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,Cut,Polish,Symmetry,Fluorescence,Lab,Cert No,Price,RAP,Depth,Table,Stk_Mes_Concat,StkWebAvailable',
    ];
    const colours = 'DEFGHIJK';
    const clarities = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2'];
    for (let i = 0; i < ROWS; i++) {
      const w = (0.3 + (i % 300) / 100).toFixed(2);
      lines.push(
        `BULK-${String(i).padStart(6, '0')},${i % 3 ? 'Round' : 'Oval'},${w},${colours[i % 8]},${clarities[i % 7]},EX,VG,EX,NON,GIA,${2_000_000_000 + i},${1000 + i},${(20 + (i % 20)).toFixed(1)},61.5,57,6.40 x 6.43 x 3.95,${1 + (i % 3)}`,
      );
    }
    const res = await upload('bulk.csv', `${lines.join('\n')}\n`, { mode: 'apply' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      applied: true,
      rows: ROWS,
      valid: ROWS,
      created: ROWS,
      updated: 0,
      errorCount: 0,
    });
    const bulk = t.db.select().from(diamonds).where(like(diamonds.stockCode, 'BULK-%'));
    expect((await t.db.select({ n: count() }).from(diamonds))[0]?.n).toBe(ROWS + 300);
    expect(await bulk).toHaveLength(ROWS);
    // the last row, stored field by field
    expect((await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'BULK-004999')))[0]).toMatchObject({
      shape: 'Round',
      weight: 2.29,
      colourFrom: 'K',
      clarityFrom: 'VVS1',
      certLab: 'GIA',
      priceCents: 599_900,
      availability: 2,
      inStock: true,
    });
  }, 120_000);
});
