/**
 * Bench: `node bench/stock-import.ts [rows=20000]` — generates a stock CSV of `rows` single
 * stones and imports it (validate + upsert in one transaction) into a fresh temporary
 * database, printing the time of each phase. The issue's bar: 20,000 rows under 10 s.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrateDb, openDb } from '../db/client.ts';
import { parseCsv } from '../api/services/stock-import/parse.ts';
import { importTable } from '../api/services/stock-import/index.ts';

export function stockCsv(rows: number, prefix = 'BULK-'): string {
  const lines = ['StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,Cut,Polish,Symmetry,Fluorescence,Lab,Cert No,Price,RAP,Depth,Table,Stk_Mes_Concat,StkWebAvailable'];
  const colours = 'DEFGHIJK';
  const clarities = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2'];
  for (let i = 0; i < rows; i++) {
    const w = (0.3 + (i % 300) / 100).toFixed(2);
    lines.push(
      `${prefix}${String(i).padStart(6, '0')},${i % 3 ? 'Round' : 'Oval'},${w},${colours[i % 8]},${clarities[i % 7]},EX,VG,EX,NON,GIA,${2_000_000_000 + i},${1000 + i},${(20 + (i % 20)).toFixed(1)},61.5,57,6.40 x 6.43 x 3.95,${1 + (i % 3)}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

const rows = Number(process.argv[2] ?? 20_000);
const dir = mkdtempSync(join(tmpdir(), 'facet-import-bench-'));
const db = openDb(join(dir, 'bench.db'));
try {
  migrateDb(db);
  const csv = stockCsv(rows);
  let t = performance.now();
  const table = parseCsv(csv);
  const parseMs = performance.now() - t;
  t = performance.now();
  const preview = importTable(db, table, { mode: 'preview', full: false, adminId: null, fileName: 'bench.csv', now: Date.now() });
  const previewMs = performance.now() - t;
  t = performance.now();
  const applied = importTable(db, table, { mode: 'apply', full: false, adminId: null, fileName: 'bench.csv', now: Date.now() });
  const applyMs = performance.now() - t;
  t = performance.now();
  const again = importTable(db, table, { mode: 'apply', full: true, adminId: null, fileName: 'bench.csv', now: Date.now() });
  const updateMs = performance.now() - t;
  console.log(
    `stock import of ${rows} rows: parse ${parseMs.toFixed(0)} ms, preview ${previewMs.toFixed(0)} ms, ` +
      `apply (create ${applied.created}) ${applyMs.toFixed(0)} ms, re-apply (update ${again.updated}) ${updateMs.toFixed(0)} ms` +
      ` ${preview.errorCount === 0 ? '' : `(${preview.errorCount} errors!)`}`,
  );
} finally {
  db.$client.close();
  rmSync(dir, { recursive: true, force: true });
}
