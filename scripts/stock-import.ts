/**
 * CLI: `npm run stock:import -- file.csv|file.xlsx [--full] [--dry-run]`
 *
 * Imports a stock file into the database (DATABASE_URL, else DATABASE_PATH), the same way as the admin
 * screen (api/services/stock-import): every row is validated first; with any row error the
 * errors are printed and nothing is written (exit code 1). --full marks stones in stock
 * that are missing from the file as out of stock; --dry-run only validates and reports.
 * Progress bars (cli-progress) follow validation and writing. The import is audited with
 * no user (a command, not a person).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import cliProgress from 'cli-progress';
import { loadConfig } from '../api/config.ts';
import { HttpError } from '../api/middleware/errors.ts';
import { importTable, parseStockFile } from '../api/services/stock-import/index.ts';
import { migrateDb, openDb } from '../db/client.ts';

const args = process.argv.slice(2);
const file = args.find((a) => !a.startsWith('--'));
const full = args.includes('--full');
const dryRun = args.includes('--dry-run');
if (!file || args.includes('--help')) {
  console.log('usage: npm run stock:import -- <file.csv|file.xlsx> [--full] [--dry-run]');
  process.exit(file ? 0 : 2);
}

const config = loadConfig();
const db = await openDb(config.databaseLocation, { isolation: config.DATABASE_ISOLATION });
const bar = new cliProgress.SingleBar(
  { format: ' {phase} |{bar}| {value}/{total} rows', hideCursor: true, synchronousUpdate: true, fps: 10 },
  cliProgress.Presets.shades_classic,
);
let phase = '';
let code = 0;
try {
  await migrateDb(db);
  const started = performance.now();
  const table = await parseStockFile(basename(file), readFileSync(file));
  const result = await importTable(db, table, {
    mode: dryRun ? 'preview' : 'apply',
    full,
    adminId: null,
    fileName: basename(file),
    now: Date.now(),
    retentionDays: config.API_CHANGES_RETENTION_DAYS,
    onProgress: (p, done, total) => {
      const label = p === 'validate' ? 'checking' : 'writing ';
      if (label !== phase) {
        if (phase) bar.stop();
        phase = label;
        bar.start(total, 0, { phase: label });
      }
      bar.update(done);
    },
  });
  if (phase) bar.stop();
  const secs = ((performance.now() - started) / 1000).toFixed(2);
  console.log(
    `${dryRun ? 'dry run' : 'imported'} ${file}: ${result.rows} rows, ${result.valid} valid, ` +
      `${result.created} new, ${result.updated} updated, ${result.unchanged ?? 0} unchanged, ${result.markedOut} marked out of stock${full ? '' : ' (not a full feed)'} in ${secs} s`,
  );
  if (result.errorCount) {
    for (const e of result.errors) console.log(`  row ${e.row}  ${e.field}: ${e.msg}`);
    console.log(`${result.errorCount} errors${dryRun ? '' : ': nothing was written'}`);
    code = 1;
  }
} catch (err) {
  if (phase) bar.stop();
  if (err instanceof HttpError) {
    const opts = err.body.errors.options ?? {};
    if (err.body.errors.msg === 'import_has_errors') {
      const r = opts as { errorCount: number; errors: { row: number; field: string; msg: string }[] };
      for (const e of r.errors) console.error(`  row ${e.row}  ${e.field}: ${e.msg}`);
      console.error(`${r.errorCount} errors in ${file}: nothing was written`);
    } else console.error(`cannot import ${file}: ${String(opts.reason ?? err.message)}`);
  } else console.error(err);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
