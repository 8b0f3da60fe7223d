/**
 * Bench: the stock import (its bar: a 20,000-row file in under 10 s).
 *
 *   node bench/stock-import.ts [--rows 20000] [--rounds 5]     (also run by `npm run bench`)
 *
 * Generates one stock file of `rows` single stones as CSV and the same table as an Excel
 * .xlsx workbook, then imports each `rounds` times through the real pipeline the admin screen
 * and `npm run stock:import` use (what importStockFile does: read the file, validate every row,
 * upsert in one transaction), every round into a fresh temporary database (so every row is created).
 * Prints the median, fastest and slowest whole-import time per format, and the median of the
 * parse and import phases. Figures only: nothing here fails.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ExcelJS from 'exceljs';
import { migrateDb, openDb } from '../db/client.ts';
import { importTable, parseStockFile } from '../api/services/stock-import/index.ts';
import { median } from './stats.ts';

const HEADER =
  'StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,Cut,Polish,Symmetry,Fluorescence,Lab,Cert No,Price,RAP,Depth,Table,Stk_Mes_Concat,StkWebAvailable';

/** The rows of a believable single-stone feed, as cells. */
export function stockRows(rows: number, prefix = 'BULK-'): string[][] {
  const colours = 'DEFGHIJK';
  const clarities = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2'];
  const out: string[][] = [HEADER.split(',')];
  for (let i = 0; i < rows; i++) {
    out.push([
      `${prefix}${String(i).padStart(6, '0')}`,
      i % 3 ? 'Round' : 'Oval',
      (0.3 + (i % 300) / 100).toFixed(2),
      colours[i % 8]!,
      clarities[i % 7]!,
      'EX',
      'VG',
      'EX',
      'NON',
      'GIA',
      String(2_000_000_000 + i),
      String(1000 + i),
      (20 + (i % 20)).toFixed(1),
      '61.5',
      '57',
      '6.40 x 6.43 x 3.95',
      String(1 + (i % 3)),
    ]);
  }
  return out;
}

export function stockCsv(rows: number, prefix = 'BULK-'): string {
  return `${stockRows(rows, prefix)
    .map((r) => r.join(','))
    .join('\n')}\n`;
}

export async function stockXlsx(rows: number, prefix = 'BULK-'): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Stock');
  ws.addRows(stockRows(rows, prefix));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

type Timing = { total: number; parse: number; import: number; created: number };

/**
 * One import of `data` into a fresh database, as importStockFile does it (read the file,
 * then validate + upsert), timing the two phases.
 */
async function importOnce(name: string, data: Uint8Array): Promise<Timing> {
  const dir = mkdtempSync(join(tmpdir(), 'facet-import-bench-'));
  const db = await openDb(join(dir, 'bench.db'));
  try {
    await migrateDb(db);
    let t = performance.now();
    const table = await parseStockFile(name, data);
    const parse = performance.now() - t;
    t = performance.now();
    const result = await importTable(db, table, {
      mode: 'apply',
      full: false,
      adminId: null,
      fileName: name,
      now: Date.now(),
    });
    const upsert = performance.now() - t;
    if (result.errorCount > 0 || !result.applied) throw new Error(`${name}: ${result.errorCount} row errors`);
    return { total: parse + upsert, parse, import: upsert, created: result.created };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function main(argv: readonly string[] = process.argv.slice(2)) {
  const { values } = parseArgs({
    args: [...argv],
    options: { rows: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '5' } },
  });
  const rows = Number(values.rows);
  const rounds = Number(values.rounds);
  if (!(Number.isInteger(rows) && rows > 0 && Number.isInteger(rounds) && rounds > 0))
    throw new Error('--rows and --rounds must be whole numbers above 0');

  const csv = new TextEncoder().encode(stockCsv(rows));
  const xlsx = await stockXlsx(rows);
  console.log(
    `stock import: ${rows.toLocaleString('en-GB')} rows, ${rounds} rounds per format, fresh database each round ` +
      `(CSV ${(csv.byteLength / 1e6).toFixed(1)} MB, Excel ${(xlsx.byteLength / 1e6).toFixed(1)} MB)`,
  );
  const table = [['format', 'median ms', 'min ms', 'max ms', 'parse ms', 'validate+upsert ms', 'under 10 s']];
  for (const [label, name, data] of [
    ['CSV', 'bench.csv', csv],
    ['Excel', 'bench.xlsx', xlsx],
  ] as const) {
    const runs: Timing[] = [];
    for (let i = 0; i < rounds; i++) runs.push(await importOnce(name, data));
    if (runs.some((r) => r.created !== rows)) throw new Error(`${label}: not every row was created`);
    const totals = runs.map((r) => r.total);
    const med = median(totals);
    table.push([
      label,
      med.toFixed(0),
      Math.min(...totals).toFixed(0),
      Math.max(...totals).toFixed(0),
      median(runs.map((r) => r.parse)).toFixed(0),
      median(runs.map((r) => r.import)).toFixed(0),
      med < 10_000 ? 'yes' : 'NO',
    ]);
  }
  const widths = table[0]!.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const r of table)
    console.log(r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('   '));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
