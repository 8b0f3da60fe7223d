/**
 * Partial imports, the bad-rows limit, the replace-all safety valve and the import history
 * (api/services/stock-import/runs.ts, history.ts), through the admin routes; a file read a
 * chunk of rows at a time (api/services/stock-import/index.ts).
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamonds, stockChanges } from '../../db/tables.ts';
import type { RunDetail } from '../../src/domain/stock-import.ts';
import { assessFile, importTable, tableFile, writeAssessment } from '../../api/services/stock-import/index.ts';
import { createTestApp, errorOf, insertAdmin, signIn, type TestApp } from './auth-helpers.ts';

type Result = {
  applied: boolean;
  status: string;
  runId: number;
  created: number;
  updated: number;
  unchanged: number;
  markedOut: number;
  errorCount: number;
  errors: { row: number; field: string; value: string; msg: string }[];
  leaving?: { count: number; codes: string[] };
};
type Run = RunDetail;

async function setup() {
  const t = await createTestApp();
  const admin = await insertAdmin(t.db, { firstName: 'Ada', lastName: 'Stone' });
  const staff = await signIn(t, admin.email);
  const upload = (csv: string, fields: Record<string, string> = {}) => {
    const form = new FormData();
    form.set('file', new File([csv], 'feed.csv'));
    form.set('mode', 'apply');
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    return staff.request('/admin/stock-import', { method: 'POST', body: form });
  };
  const json = async <T>(path: string, init?: RequestInit) => {
    const res = await staff.request(path, init);
    expect(res.status, path).toBe(200);
    return (await res.json()) as T;
  };
  return { t, staff, upload, json };
}

const stockState = async (t: TestApp) => JSON.stringify(await t.db.select().from(diamonds).orderBy(diamonds.id));
const inStock = async (t: TestApp) =>
  (await t.db.select({ n: count() }).from(diamonds).where(eq(diamonds.inStock, true)))[0]?.n;
/** the stones in stock, as a price-only feed that changes nothing */
const stockFeed = async (t: TestApp) =>
  (
    await t.db
      .select({ code: diamonds.stockCode, cents: diamonds.priceCents })
      .from(diamonds)
      .where(and(eq(diamonds.inStock, true), eq(diamonds.catType, 'Single Item')))
      .orderBy(asc(diamonds.id))
  ).map((r) => `${r.code},${(r.cents ?? 0) / 100}`);

const NEW = (code: string) => `${code},Round,1.01,G,VS1,1000`;

describe('partial stock imports', () => {
  it('applies the valid rows, reports the bad ones (row, column, value, reason) and records the run', async () => {
    const { t, staff, upload, json } = await setup();
    const rows = Array.from({ length: 60 }, (_, i) => NEW(`P-${String(i).padStart(3, '0')}`));
    rows[9] = 'P-BAD,Round,1.01,Z,VS1,1000'; // line 11 of the file
    const res = await upload(`StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price\n${rows.join('\n')}\n`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Result;
    expect(body).toMatchObject({ applied: true, status: 'applied', created: 59, errorCount: 1 });
    expect(body.errors).toEqual([{ row: 11, field: 'Colour', value: 'Z', msg: 'Colour must be D to M, not "Z"' }]);
    expect((await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'P-BAD')))[0]).toBeUndefined();
    expect((await t.db.select().from(diamonds).where(eq(diamonds.stockCode, 'P-000')))[0]?.inStock).toBe(true);

    const run = await json<Run>(`/admin/stock-import/runs/${body.runId}`);
    expect(run).toMatchObject({
      status: 'applied',
      origin: 'staff',
      originLabel: 'Ada Stone',
      mode: 'update',
      rows: 60,
      created: 59,
      updated: 0,
      unchanged: 0,
      skipped: 1,
      skippedRows: [{ row: 11, column: 'Colour', value: 'Z', reason: 'Colour must be D to M, not "Z"' }],
    });
    const seq = (await t.db.select({ n: count() }).from(stockChanges))[0]?.n;
    expect(run.changes).toEqual({ from: 1, to: seq });

    const csv = await staff.request(`/admin/stock-import/runs/${body.runId}/skipped.csv`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await csv.text()).toBe('row,column,value,reason\r\n11,Colour,Z,"Colour must be D to M, not ""Z"""\r\n');

    // the same file again: nothing changes, no change-log row; the history counts say so
    const again = (await (
      await upload(`StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price\n${rows.join('\n')}\n`)
    ).json()) as Result;
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 59 });
    expect((await t.db.select({ n: count() }).from(stockChanges))[0]?.n).toBe(seq);
    const list = await json<{ runs: Run[] }>('/admin/stock-import/runs');
    expect(list.runs.map((r) => [r.id, r.status, r.unchanged, r.changes])).toEqual([
      [again.runId, 'applied', 59, null],
      [body.runId, 'applied', 0, { from: 1, to: seq }],
    ]);
    const dash = await json<{ stockUpdatedAt: string | null }>('/admin/dashboard');
    expect(dash.stockUpdatedAt).toBe(new Date(t.clock.now()).toISOString());
  });

  it('refuses the whole run past the bad-rows limit (stock untouched) and strict refuses any bad row', async () => {
    const { t, upload, json, staff } = await setup();
    const before = await stockState(t);
    const rows = Array.from({ length: 40 }, (_, i) => NEW(`R-${i}`));
    rows[3] = 'R-BAD,Round,heavy,G,VS1,1000';
    const file = `StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price\n${rows.join('\n')}\n`;
    // 1 of 40 is 2.5 %, past the default 2 %
    const res = await upload(file);
    expect(res.status).toBe(422);
    const err = await errorOf(res);
    expect(err.msg).toBe('too_many_bad_rows');
    expect(err.options).toMatchObject({ limitPct: 2, status: 'refused', errorCount: 1 });
    expect(await stockState(t)).toBe(before);

    // the limit is a setting
    const saved = await staff.request('/admin/stock-import/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ badRowsPct: 5, removalPct: 20 }),
    });
    expect(await saved.json()).toEqual({ badRowsPct: 5, removalPct: 20 });
    const strict = await upload(file, { strict: 'true' });
    expect(strict.status).toBe(422);
    expect((await errorOf(strict)).msg).toBe('import_has_errors');
    expect(await stockState(t)).toBe(before);
    expect((await upload(file)).status).toBe(200);

    const runs = (await json<{ runs: Run[] }>('/admin/stock-import/runs')).runs;
    expect(runs.map((r) => [r.status, r.skipped])).toEqual([
      ['applied', 1],
      ['refused', 1],
      ['refused', 1],
    ]);
    const bad = await staff.request('/admin/stock-import/settings', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ badRowsPct: 150, removalPct: 20 }),
    });
    expect(bad.status).toBe(400);
  });

  it('holds a replace-all that drops 30 % of the stock for confirmation: one e-mail; discard keeps, confirm applies', async () => {
    const { t, staff, upload, json } = await setup();
    const feed = await stockFeed(t);
    const total = await inStock(t);
    const keep = feed.slice(0, Math.floor(feed.length * 0.7));
    const file = `StkCodeCalcNS,price\n${keep.join('\n')}\n`;
    const before = await stockState(t);
    const mails = t.mailer.messages.length;

    const res = await upload(file, { full: 'true' });
    expect(res.status).toBe(200);
    const waiting = (await res.json()) as Result;
    const leaving = (total ?? 0) - keep.length;
    expect(waiting).toMatchObject({ applied: false, status: 'needs_confirmation', markedOut: leaving });
    expect(waiting.leaving?.count).toBe(leaving);
    expect(await stockState(t)).toBe(before);
    const sent = t.mailer.messages.slice(mails);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: t.config.STAFF_EMAIL, subject: expect.stringMatching(/waits/) });

    const run = await json<Run>(`/admin/stock-import/runs/${waiting.runId}`);
    expect(run).toMatchObject({ status: 'needs_confirmation', mode: 'replace', markedOut: leaving });
    expect(run.leaving?.codes).toHaveLength(leaving);

    // discard: the stock stays as it was, and it cannot be confirmed afterwards
    const discarded = await json<Run>(`/admin/stock-import/runs/${waiting.runId}/discard`, { method: 'POST' });
    expect(discarded).toMatchObject({ status: 'discarded', leaving: null });
    expect(await stockState(t)).toBe(before);
    const late = await staff.request(`/admin/stock-import/runs/${waiting.runId}/confirm`, { method: 'POST' });
    expect(late.status).toBe(409);
    expect((await errorOf(late)).msg).toBe('import_not_waiting');

    // again, confirmed: applied against the stock as it is now
    const second = (await (await upload(file, { full: 'true' })).json()) as Result;
    expect(second.status).toBe('needs_confirmation');
    const confirmed = await json<Result>(`/admin/stock-import/runs/${second.runId}/confirm`, { method: 'POST' });
    expect(confirmed).toMatchObject({ status: 'confirmed', applied: true, markedOut: leaving });
    expect(await inStock(t)).toBe((total ?? 0) - leaving);
    const removed = await t.db.select({ n: count() }).from(stockChanges).where(eq(stockChanges.kind, 'removed'));
    expect(removed[0]?.n).toBe(leaving);
    const again = await staff.request(`/admin/stock-import/runs/${second.runId}/confirm`, { method: 'POST' });
    expect(again.status).toBe(409);
    expect(t.mailer.messages.length - mails).toBe(2);
    expect((await json<Run>(`/admin/stock-import/runs/${second.runId}`)).status).toBe('confirmed');
    expect((await staff.request('/admin/stock-import/runs/99999')).status).toBe(404);
  });

  it('applies a replace-all within the removal limit at once', async () => {
    const { t, upload } = await setup();
    const feed = await stockFeed(t);
    const total = (await inStock(t)) ?? 0;
    const keep = feed.slice(0, feed.length - 10);
    const res = (await (await upload(`StkCodeCalcNS,price\n${keep.join('\n')}\n`, { full: 'true' })).json()) as Result;
    expect(res).toMatchObject({ status: 'applied', markedOut: total - keep.length, unchanged: keep.length });
  });
});

describe('a file read a chunk of rows at a time', () => {
  it('keeps only the rows that change, finds a code repeated chunks later, and compares again after another writer', async () => {
    const { t } = await setup();
    const stones = await t.db
      .select({ code: diamonds.stockCode, cents: diamonds.priceCents })
      .from(diamonds)
      .where(and(eq(diamonds.inStock, true), eq(diamonds.catType, 'Single Item')))
      .orderBy(asc(diamonds.id));
    const [changed, other] = stones as [(typeof stones)[0], (typeof stones)[0]];
    const cells = stones.map((s) => [s.code, String((s.cents ?? 0) / 100)]);
    cells[0] = [changed.code, String((changed.cents! + 100) / 100)];
    // past the first chunk of 1,000 rows, every stone again: each a repeated code
    const repeats = Array.from({ length: 1100 }, (_, i) => cells[i % cells.length]!);
    const table = { headers: ['StkCodeCalcNS', 'price'], rows: [...cells, ...repeats] };
    const a = await assessFile(t.db, tableFile(table), { mode: 'apply', full: false, now: t.clock.now() });
    expect(a.changed.map((r) => r.stone.stockCode)).toEqual([changed.code]);
    expect(a.result).toMatchObject({ rows: cells.length + 1100, valid: cells.length, created: 0, errorCount: 1100 });
    const last = 1099 % cells.length;
    expect(a.allErrors.at(-1)).toEqual({
      row: cells.length + 1101,
      field: 'StkCodeCalcNS',
      value: cells[last]![0],
      msg: `The stock code is already on row ${last + 2}`,
    });

    // another writer changes a stone the file leaves as it is, after the file was read
    const opts = { mode: 'apply', full: false, adminId: null, now: t.clock.now() } as const;
    const moved = { headers: ['StkCodeCalcNS', 'price'], rows: [[other.code, String((other.cents! + 500) / 100)]] };
    await importTable(t.db, moved, { ...opts, fileName: 'other.csv' });
    const w = await writeAssessment(t.db, a, { ...opts, fileName: 'feed.csv' });
    // the write read the file again against the stock as committed: the file's price is back
    expect(w.changedUpdates).toBe(2);
    const priceOf = async (code: string) =>
      (await t.db.select().from(diamonds).where(eq(diamonds.stockCode, code)))[0]?.priceCents;
    expect(await priceOf(changed.code)).toBe(changed.cents! + 100);
    expect(await priceOf(other.code)).toBe(other.cents);
  });
});
