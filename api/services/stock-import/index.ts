/**
 * Stock import: a CSV or XLSX stock file -> preview (per-row errors, what would be created,
 * updated and marked out of stock) or apply (an upsert by stock code).
 *
 * - Apply is all or nothing: a file with any row error is refused (422 import_has_errors,
 *   with the same errors as the preview) and the database is not touched. The upsert runs
 *   in ONE immediate transaction, so a failure halfway changes nothing either.
 * - An upsert writes only the columns the file has (a price-only feed keeps the rest) and
 *   brings a stone back in stock. With `full`, stones in stock that are not in the file are
 *   marked out of stock (inStock false), never deleted; their holds end ('left_stock').
 * - One audit_log row per applied import; the stock caches are dropped afterwards.
 */
import { getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { diamonds, type NewDiamond } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import { audit } from '../admin/audit.ts';
import { latestSeq, lockStock, recordStockChanges, stoneChanges, type StockChange } from '../link/change-log.ts';
import { mapHeaders, type Field } from './headers.ts';
import { invalidFile, parseStockFile, type Table } from './parse.ts';
import type { ImportResult, PreviewRow } from '../../../src/domain/stock-import.ts';
import { validateRow, type RowError, type StoneRecord } from './validate.ts';
import { endHoldsOfCodes } from '../trade/holds.ts';

export type { ImportResult, PreviewRow } from '../../../src/domain/stock-import.ts';

export { parseStockFile, parseCsv } from './parse.ts';

export const IMPORT_MAX_BYTES = 25 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
/** errors listed in an answer (the count is always complete) */
export const ERRORS_LISTED = 500;
export const PREVIEW_ROWS = 100;
/** the change log's retention when the caller names none (the API_CHANGES_RETENTION_DAYS default) */
const RETENTION_DAYS = 30;

export type ImportOptions = {
  mode: 'preview' | 'apply';
  full: boolean;
  adminId: number | null;
  fileName: string;
  now: number;
  /** how long the change log keeps events (API_CHANGES_RETENTION_DAYS) */
  retentionDays?: number;
  onProgress?: (phase: 'validate' | 'write', done: number, total: number) => void;
};

/** db column (snake_case) per field the file may provide, for the update part of the upsert */
const FIELD_COLUMNS: Record<Field, (keyof NewDiamond)[]> = {
  StkCodeCalcNS: [],
  StkShape: ['shape'],
  STWeight: ['weight'],
  Colour: ['colourFrom', 'colourTo', 'colourFromRank', 'colourToRank'],
  Clarity: ['clarityFrom', 'clarityTo', 'clarityFromRank', 'clarityToRank'],
  Cut: ['cutFrom', 'cutTo', 'cutFromRank', 'cutToRank'],
  Polish: ['polishFrom', 'polishTo', 'polishFromRank', 'polishToRank'],
  Symmetry: ['symmetryFrom', 'symmetryTo', 'symmetryFromRank', 'symmetryToRank'],
  flourecence: ['fluorescenceFrom', 'fluorescenceTo', 'fluorescenceFromRank', 'fluorescenceToRank'],
  StkCertSup: ['certLab'],
  StkCertNo: ['certNumber'],
  price: ['priceCents'],
  ppc: ['ppcCents'],
  ExWebTotal: ['exWebTotalCents'],
  WebSpecial: ['webSpecialCents'],
  RAP: ['rap'],
  StkDepth_Total: ['depthTotal'],
  StkTable: ['tablePct'],
  StkCulet: ['culet'],
  StkDepth_Crown: ['depthCrown'],
  StkDepth_Girdle: ['depthGirdle'],
  StkDepth_Pavilion: ['depthPavilion'],
  StkMes1: ['mes1'],
  StkMes2: ['mes2'],
  StkMes3: ['mes3'],
  Stk_Mes_Concat: ['mes1', 'mes2', 'mes3'],
  StkWebAvailable: ['availability'],
  StkCatType: ['catType'],
  Source: ['source'],
  StkCatName: ['catName'],
  StkDesc: ['description'],
  Sieve: ['sieve'],
  Comments: ['comments'],
  SizeFrom: ['sizeFrom'],
  SizeTo: ['sizeTo'],
};

const COLUMNS = getTableColumns(diamonds);
export type Key = keyof typeof COLUMNS;
const INSERT_KEYS = (Object.keys(COLUMNS) as Key[]).filter((k) => k !== 'id');

const DEFAULTS: Partial<Record<Key, unknown>> = {
  // placeholders for a known stone's row (the update part sets only the file's columns)
  shape: '',
  catType: 'Single Item',
  weight: 0,
  catName: '',
  source: '',
  description: '',
  sieve: '',
  certLab: '',
  certNumber: '',
  webSpecialCents: 0,
  availability: 1,
  comments: '',
};

/** Rows per insert statement: 56 columns x 400 stays under both engines' parameter limits. */
const BATCH = 400;

/** A stone with every column the file may leave out set to its default. */
const withDefaults = (stone: NewDiamond): NewDiamond => {
  const out: Record<string, unknown> = { ...stone };
  for (const k of INSERT_KEYS) if (out[k] === undefined && k in DEFAULTS) out[k] = DEFAULTS[k];
  return out as NewDiamond;
};

/**
 * Inserts the stones, updating on a known stock code the columns the file carries, and
 * collects the change-log events (api/services/link/change-log.ts). A known stone whose
 * content is the same is left alone (it keeps its updated_at and gives no event), so
 * re-importing unchanged rows writes nothing; `IS DISTINCT FROM` (standard SQL, SQLite 3.39+
 * and PostgreSQL) guards the update the same way. Returns how many rows were written.
 */
async function upsertStones(
  tx: Db,
  stones: NewDiamond[],
  updateKeys: Key[],
  changes: StockChange[],
  onBatch: (done: number) => void,
): Promise<number> {
  const content = [...new Set([...updateKeys, 'inStock'] as Key[])];
  const set = Object.fromEntries(
    [...content, 'updatedAt' as Key].map((k) => [k, sql.raw(`excluded."${COLUMNS[k].name}"`)]),
  );
  const differs = or(
    ...content.map((k) => sql`${COLUMNS[k]} IS DISTINCT FROM ${sql.raw(`excluded."${COLUMNS[k].name}"`)}`),
  );
  let written = 0;
  for (let i = 0; i < stones.length; i += BATCH) {
    const batch = stones.slice(i, i + BATCH).map(withDefaults);
    const known = new Map(
      (
        await tx
          .select()
          .from(diamonds)
          .where(
            inArray(
              diamonds.stockCode,
              batch.map((s) => s.stockCode),
            ),
          )
      ).map((r) => [r.stockCode, r]),
    );
    const changed = batch.filter((s) => {
      const events = stoneChanges(known.get(s.stockCode), s, updateKeys);
      changes.push(...events);
      return events.length > 0;
    });
    if (changed.length > 0) {
      const rows = await tx
        .insert(diamonds)
        .values(changed)
        .onConflictDoUpdate({ target: diamonds.stockCode, set, setWhere: differs })
        .returning({ id: diamonds.id });
      written += rows.length;
    }
    onBatch(Math.min(i + BATCH, stones.length));
  }
  return written;
}

const previewOf = (r: StoneRecord, existing: ReadonlySet<string>): PreviewRow => {
  const s = r.stone;
  const grade = (a?: string | null, b?: string | null) => (a == null ? null : b && b !== a ? `${a}-${b}` : a);
  return {
    row: r.row,
    action: existing.has(s.stockCode) ? 'update' : 'create',
    StkCodeCalcNS: s.stockCode,
    StkShape: s.shape ?? null,
    STWeight: s.weight ?? null,
    Colour: grade(s.colourFrom, s.colourTo),
    Clarity: grade(s.clarityFrom, s.clarityTo),
    price: s.priceCents == null ? null : s.priceCents / 100,
    ppc: s.ppcCents == null ? null : s.ppcCents / 100,
    StkCatType: s.catType ?? null,
  };
};

/** Skipped rows a run keeps for its history and CSV (the count is always complete). */
export const SKIPPED_KEPT = 20_000;

/** A table read against the stock: what would be written, skipped and taken out of stock. */
export type Assessment = {
  result: ImportResult;
  records: StoneRecord[];
  /** every problem found, up to SKIPPED_KEPT */
  allErrors: RowError[];
  /** rows that cannot be written */
  invalidRows: number;
  /** stones in stock now that a full (replace) run would take out of stock */
  outIds: string[];
  inStockCount: number;
  updateKeys: Key[];
  total: number;
  started: number;
};

/** Validates a parsed table against the stock in `db` (no writes). */
export async function assessTable(
  db: Db,
  table: Table,
  opts: Pick<ImportOptions, 'mode' | 'full' | 'now' | 'onProgress'>,
): Promise<Assessment> {
  const started = performance.now();
  const map = mapHeaders(table.headers);
  if (!map.fields.has('StkCodeCalcNS')) {
    throw invalidFile('No stock code column (StkCodeCalcNS, "Stock No", "Stock Code" or "Ref") in the header row');
  }
  if (map.fields.size < 2) throw invalidFile('The header row names no stock field besides the stock code');
  if (table.rows.length === 0) throw invalidFile('The file has a header row but no stones');
  if (table.rows.length > IMPORT_MAX_ROWS) throw invalidFile(`At most ${IMPORT_MAX_ROWS} rows in one file`);

  const stockRows = opts.full ? await stockOf(db) : await stockOf(db, codesOf(table, map));
  const existing = new Set(stockRows.map((r) => r.code));
  const now = new Date(opts.now);
  const allErrors: RowError[] = [];
  let errorCount = 0;
  const records: StoneRecord[] = [];
  const firstRow = new Map<string, number>();
  const total = table.rows.length;
  table.rows.forEach((cells, i) => {
    const line = i + 2;
    const { record, errors: rowErrors } = validateRow(cells, line, { map, existing, now });
    let errs = rowErrors;
    if (record) {
      const seen = firstRow.get(record.stone.stockCode);
      if (seen != null)
        errs = [
          {
            row: line,
            field: 'StkCodeCalcNS',
            value: record.stone.stockCode,
            msg: `The stock code is already on row ${seen}`,
          },
        ];
      else {
        firstRow.set(record.stone.stockCode, line);
        records.push(record);
      }
    }
    errorCount += errs.length;
    for (const e of errs) if (allErrors.length < SKIPPED_KEPT) allErrors.push(e);
    if (opts.onProgress && (i % 1000 === 999 || i === total - 1)) opts.onProgress('validate', i + 1, total);
  });
  const inFile = new Set(records.map((r) => r.stone.stockCode));
  const created = records.filter((r) => !existing.has(r.stone.stockCode)).length;
  const outIds = opts.full ? stockRows.filter((r) => r.inStock && !inFile.has(r.code)).map((r) => r.code) : [];

  const result: ImportResult = {
    mode: opts.mode,
    full: opts.full,
    applied: false,
    rows: total,
    valid: records.length,
    errorCount,
    errors: allErrors.slice(0, ERRORS_LISTED),
    created,
    updated: records.length - created,
    markedOut: outIds.length,
    columns: [...map.columns].map(([i, t]) => ({
      header: table.headers[i] ?? '',
      field: t.end ? `${t.field} ${t.end === 'from' ? 'From' : 'To'}` : t.field,
    })),
    ignoredColumns: map.ignored,
    preview: records.slice(0, PREVIEW_ROWS).map((r) => previewOf(r, existing)),
    ms: 0,
  };
  return {
    result,
    records,
    allErrors,
    invalidRows: total - records.length,
    outIds,
    inStockCount: opts.full ? stockRows.filter((r) => r.inStock).length : 0,
    updateKeys: [...map.fields].flatMap((f) => FIELD_COLUMNS[f]) as Key[],
    total,
    started,
  };
}

/** The stock codes a table names (trimmed, as validateRow reads them). */
function codesOf(table: Table, map: ReturnType<typeof mapHeaders>): string[] {
  const col = [...map.columns].find(([, t]) => t.field === 'StkCodeCalcNS')?.[0] ?? 0;
  return [...new Set(table.rows.map((r) => (r[col] ?? '').trim()).filter(Boolean))];
}

/** Stock codes and whether they are in stock: the whole stock, or only `codes`. */
export async function stockOf(db: Db, codes?: string[]): Promise<{ code: string; inStock: boolean }[]> {
  const cols = { code: diamonds.stockCode, inStock: diamonds.inStock };
  if (!codes) return db.select(cols).from(diamonds);
  const out: { code: string; inStock: boolean }[] = [];
  for (let i = 0; i < codes.length; i += BATCH)
    out.push(
      ...(await db
        .select(cols)
        .from(diamonds)
        .where(inArray(diamonds.stockCode, codes.slice(i, i + BATCH)))),
    );
  return out;
}

/**
 * Taking named stones out of stock (sold elsewhere) as an assessment `writeAssessment`
 * applies like a replace-all's leavers: holds end, `removed` events. Unknown codes are left
 * out of `known`; a stone already out of stock changes nothing.
 */
export async function assessRemoval(db: Db, codes: string[]): Promise<Assessment & { known: string[] }> {
  const rows = await stockOf(db, codes);
  const outIds = rows.filter((r) => r.inStock).map((r) => r.code);
  return {
    result: {
      mode: 'apply',
      full: false,
      applied: false,
      rows: codes.length,
      valid: rows.length,
      errorCount: 0,
      errors: [],
      created: 0,
      updated: 0,
      markedOut: outIds.length,
      columns: [],
      ignoredColumns: [],
      preview: [],
      ms: 0,
    },
    records: [],
    allErrors: [],
    invalidRows: 0,
    outIds,
    inStockCount: outIds.length,
    updateKeys: [],
    total: codes.length,
    started: performance.now(),
    known: rows.map((r) => r.code),
  };
}

export const elapsed = (a: Assessment) => Math.round(performance.now() - a.started);

export type Written = {
  /** stones whose row was written (new, changed content, or marked out) */
  written: number;
  /** known stones whose content changed */
  changedUpdates: number;
  /** the change-log sequence numbers written, null when nothing changed */
  seq: { from: number; to: number } | null;
};

/**
 * Writes an assessment's valid rows (and, for a full run, takes the stones it does not list
 * out of stock) in ONE write transaction with its change-log events and audit row; `inTx`
 * runs last in the same transaction (the run's own record).
 */
export async function writeAssessment(
  db: Db,
  a: Assessment,
  opts: Pick<ImportOptions, 'adminId' | 'fileName' | 'now' | 'retentionDays' | 'onProgress'> & {
    inTx?: (tx: Db, w: Written) => Promise<void>;
  },
): Promise<Written> {
  const { outIds, records, result } = a;
  const now = new Date(opts.now);
  const changes: StockChange[] = outIds.map((stockCode) => ({ stockCode, kind: 'removed', fields: [] }));
  return writeTx(db, async (tx) => {
    await lockStock(tx); // compare against what other writers committed (PostgreSQL)
    const before = await latestSeq(tx);
    const upserted = await upsertStones(
      tx,
      records.map((r) => r.stone),
      a.updateKeys,
      changes,
      (done) => opts.onProgress?.('write', done, records.length),
    );
    for (let i = 0; i < outIds.length; i += BATCH) {
      await tx
        .update(diamonds)
        .set({ inStock: false, updatedAt: now })
        .where(inArray(diamonds.stockCode, outIds.slice(i, i + BATCH)));
      // their holds end too (the holder is e-mailed by the hold sweep)
      await endHoldsOfCodes(tx, outIds.slice(i, i + BATCH), 'left_stock', opts.now);
    }
    // the change log bumps the stock version only when something really changed, so an
    // import that wrote nothing keeps every cache (and the API Link feed's ETag) warm
    await recordStockChanges(tx, changes, { now: opts.now, retentionDays: opts.retentionDays ?? RETENTION_DAYS });
    const after = changes.length ? await latestSeq(tx) : before;
    await audit(
      tx,
      opts.adminId,
      'stock.import',
      'diamond',
      null,
      {
        file: opts.fileName,
        full: result.full,
        rows: a.total,
        created: result.created,
        updated: result.updated,
        markedOut: outIds.length,
      },
      opts.now,
    );
    const w: Written = {
      written: upserted + outIds.length,
      changedUpdates: upserted - result.created,
      seq: after > before ? { from: before + 1, to: after } : null,
    };
    await opts.inTx?.(tx, w);
    return w;
  });
}

/**
 * Validates a parsed table against the stock in `db`; writes when mode is apply, all or
 * nothing (the command line's import: a row error refuses the file, 422 import_has_errors).
 */
export async function importTable(db: Db, table: Table, opts: ImportOptions): Promise<ImportResult> {
  const a = await assessTable(db, table, opts);
  if (opts.mode === 'preview') return { ...a.result, ms: elapsed(a) };
  if (a.invalidRows > 0 || a.result.errorCount > 0) {
    throw new HttpError(422, 'import_has_errors', { ...a.result, ms: elapsed(a) });
  }
  const w = await writeAssessment(db, a, opts);
  return {
    ...a.result,
    applied: true,
    written: w.written,
    updated: w.changedUpdates,
    unchanged: a.records.length - a.result.created - w.changedUpdates,
    ms: elapsed(a),
  };
}

/** Parses and imports a file (see importTable). */
export async function importStockFile(
  db: Db,
  fileName: string,
  data: Uint8Array,
  opts: Omit<ImportOptions, 'fileName'>,
) {
  if (data.byteLength > IMPORT_MAX_BYTES) throw new HttpError(413, 'payload_too_large');
  const table = await parseStockFile(fileName, data);
  return importTable(db, table, { ...opts, fileName });
}
