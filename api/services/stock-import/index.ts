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
 * - Small and quick for a large file: the file is read a chunk of rows at a time
 *   (`assessFile`), each row validated at once into a record and compared with its stone as
 *   read; only the records that change something are kept for the write, which reads their
 *   stones again in its transaction (re-reading the whole file there only when another
 *   writer changed the stock in between).
 */
import { eq, getTableColumns, inArray, or, sql } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { diamonds, type Diamond, type NewDiamond } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import { audit } from '../admin/audit.ts';
import { latestSeq, lockStock, recordStockChanges, stoneChanges, type StockChange } from '../link/change-log.ts';
import { mapHeaders, type Field } from './headers.ts';
import { invalidFile, stockFile, tableFile, type StockFile, type Table } from './parse.ts';
import type { ImportResult, PreviewRow } from '../../../src/domain/stock-import.ts';
import { validateRow, type RowError, type StoneRecord } from './validate.ts';
import { endHoldsOfCodes } from '../trade/holds.ts';

export type { ImportResult, PreviewRow } from '../../../src/domain/stock-import.ts';

export { parseStockFile, stockFile, tableFile } from './parse.ts';

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
/** Rows validated and compared with the stock at a time (one read of their stones). */
const CHUNK = 1000;

/** A file read against the stock: what would be written, skipped and taken out of stock. */
export type Assessment = {
  result: ImportResult;
  /** the valid rows that differ from the stock as read (new stones, changed ones, ones back in stock) */
  changed: StoneRecord[];
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
  /** the change log's newest sequence before the stock was read: a write after another writer's reads it again */
  seq: number;
  /** the same assessment made again (in the write's transaction, when the stock moved meanwhile) */
  again: (db: Db) => Promise<Assessment>;
};

type AssessOptions = Pick<ImportOptions, 'mode' | 'full' | 'now' | 'onProgress'>;

/**
 * Validates a file against the stock in `db` (no writes), reading it a chunk of rows at a time:
 * each row is validated at once into a record and its cells dropped; the chunk's stones are
 * read by stock code and compared, and only the records that would change something are kept.
 * Per file it keeps the stock codes seen (duplicates, and what a replace-all leaves out) and
 * the skipped rows (up to SKIPPED_KEPT).
 */
export async function assessFile(db: Db, file: StockFile, opts: AssessOptions): Promise<Assessment> {
  const started = performance.now();
  const seq = await latestSeq(db);
  const { headers, rows } = await file.open();
  const map = mapHeaders(headers);
  if (!map.fields.has('StkCodeCalcNS')) {
    throw invalidFile('No stock code column (StkCodeCalcNS, "Stock No", "Stock Code" or "Ref") in the header row');
  }
  if (map.fields.size < 2) throw invalidFile('The header row names no stock field besides the stock code');
  const updateKeys = [...map.fields].flatMap((f) => FIELD_COLUMNS[f]) as Key[];
  const codeCol = [...map.columns].find(([, t]) => t.field === 'StkCodeCalcNS')?.[0] ?? 0;
  const now = new Date(opts.now);
  const allErrors: RowError[] = [];
  const changed: StoneRecord[] = [];
  const preview: PreviewRow[] = [];
  /** the first row of each stock code (every code of the file) */
  const firstRow = new Map<string, number>();
  let errorCount = 0;
  let total = 0;
  let created = 0;

  const assessChunk = async (chunk: string[][]) => {
    const codes = [...new Set(chunk.map((r) => (r[codeCol] ?? '').trim()).filter(Boolean))];
    const known = new Map((await stonesOf(db, codes)).map((r) => [r.stockCode, r]));
    const existing = new Set(known.keys());
    for (const cells of chunk) {
      const line = ++total + 1;
      const { record, errors: rowErrors } = validateRow(cells, line, { map, existing, now });
      let errs = rowErrors;
      if (record) {
        const code = record.stone.stockCode;
        const seen = firstRow.get(code);
        if (seen != null)
          errs = [{ row: line, field: 'StkCodeCalcNS', value: code, msg: `The stock code is already on row ${seen}` }];
        else {
          firstRow.set(code, line);
          if (!existing.has(code)) created++;
          if (preview.length < PREVIEW_ROWS) preview.push(previewOf(record, existing));
          const before = known.get(code);
          if (!before || stoneChanges(before, withDefaults(record.stone), updateKeys).length > 0) changed.push(record);
        }
      }
      errorCount += errs.length;
      for (const e of errs) if (allErrors.length < SKIPPED_KEPT) allErrors.push(e);
    }
    opts.onProgress?.('validate', total, file.rows ?? 0);
  };

  let chunk: string[][] = [];
  for await (const cells of rows) {
    if (total + chunk.length >= IMPORT_MAX_ROWS) throw invalidFile(`At most ${IMPORT_MAX_ROWS} rows in one file`);
    chunk.push(cells);
    if (chunk.length === CHUNK) {
      await assessChunk(chunk);
      chunk = [];
    }
  }
  if (chunk.length) await assessChunk(chunk);
  if (total === 0) throw invalidFile('The file has a header row but no stones');

  const inStock = opts.full ? await inStockCodes(db) : [];
  const outIds = inStock.filter((code) => !firstRow.has(code));
  const valid = firstRow.size;
  const result: ImportResult = {
    mode: opts.mode,
    full: opts.full,
    applied: false,
    rows: total,
    valid,
    errorCount,
    errors: allErrors.slice(0, ERRORS_LISTED),
    created,
    updated: valid - created,
    markedOut: outIds.length,
    columns: [...map.columns].map(([i, t]) => ({
      header: headers[i] ?? '',
      field: t.end ? `${t.field} ${t.end === 'from' ? 'From' : 'To'}` : t.field,
    })),
    ignoredColumns: map.ignored,
    preview,
    ms: 0,
  };
  return {
    result,
    changed,
    allErrors,
    invalidRows: total - valid,
    outIds,
    inStockCount: inStock.length,
    updateKeys,
    total,
    started,
    seq,
    again: (tx) => assessFile(tx, file, opts),
  };
}

/** What `read` answers for every stock code, CHUNK codes a query. */
async function byCodes<T>(codes: string[], read: (some: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < codes.length; i += CHUNK) out.push(...(await read(codes.slice(i, i + CHUNK))));
  return out;
}

/** The stones of these stock codes, whole (what a write compares). */
const stonesOf = (db: Db, codes: string[]): Promise<Diamond[]> =>
  byCodes(codes, (some) => db.select().from(diamonds).where(inArray(diamonds.stockCode, some)));

/** The stock codes of every stone in stock. */
async function inStockCodes(db: Db): Promise<string[]> {
  const rows = await db.select({ code: diamonds.stockCode }).from(diamonds).where(eq(diamonds.inStock, true));
  return rows.map((r) => r.code);
}

/** These stock codes' stones: their codes and whether they are in stock. */
export const stockOf = (db: Db, codes: string[]): Promise<{ code: string; inStock: boolean }[]> =>
  byCodes(codes, (some) =>
    db
      .select({ code: diamonds.stockCode, inStock: diamonds.inStock })
      .from(diamonds)
      .where(inArray(diamonds.stockCode, some)),
  );

/**
 * Taking named stones out of stock (sold elsewhere) as an assessment `writeAssessment`
 * applies like a replace-all's leavers: holds end, `removed` events. Unknown codes are left
 * out of `known`; a stone already out of stock changes nothing.
 */
export async function assessRemoval(db: Db, codes: string[]): Promise<Assessment & { known: string[] }> {
  const seq = await latestSeq(db);
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
    changed: [],
    allErrors: [],
    invalidRows: 0,
    outIds,
    inStockCount: outIds.length,
    updateKeys: [],
    total: codes.length,
    started: performance.now(),
    seq,
    again: (tx) => assessRemoval(tx, codes),
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

/** Adds events of another write of the same transaction (a stone's media): one event per stone and kind. */
function mergeChanges(changes: StockChange[], more: readonly StockChange[]): void {
  for (const c of more) {
    const mine = changes.filter((x) => x.stockCode === c.stockCode);
    // a stone (back) in stock is new to every reader: its `added` says it all
    if (mine.some((x) => x.kind === 'added')) continue;
    const same = mine.find((x) => x.kind === c.kind);
    if (same) same.fields = [...new Set([...same.fields, ...c.fields])].sort();
    else changes.push(c);
  }
}

/**
 * Writes an assessment's changed rows (and, for a full run, takes the stones it does not list
 * out of stock) in ONE write transaction with its change-log events and audit row. When
 * another writer changed the stock after the assessment read it, the assessment is made
 * again inside the transaction first (`again`), so every row is compared with the stock as
 * committed. `alsoInTx` writes more of the same change (a pushed stone's media) before the
 * events are recorded, with its own events; `inTx` runs last (the run's own record).
 */
export async function writeAssessment(
  db: Db,
  a: Assessment,
  opts: Pick<ImportOptions, 'adminId' | 'fileName' | 'now' | 'retentionDays' | 'onProgress'> & {
    alsoInTx?: (tx: Db) => Promise<StockChange[]>;
    inTx?: (tx: Db, w: Written) => Promise<void>;
  },
): Promise<Written> {
  const now = new Date(opts.now);
  return writeTx(db, async (tx) => {
    await lockStock(tx); // compare against what other writers committed (PostgreSQL)
    const before = await latestSeq(tx);
    if (before !== a.seq) Object.assign(a, await a.again(tx), { started: a.started });
    const { outIds, changed, result } = a;
    const changes: StockChange[] = outIds.map((stockCode) => ({ stockCode, kind: 'removed', fields: [] }));
    const upserted = await upsertStones(
      tx,
      changed.map((r) => r.stone),
      a.updateKeys,
      changes,
      (done) => opts.onProgress?.('write', done, changed.length),
    );
    for (let i = 0; i < outIds.length; i += BATCH) {
      await tx
        .update(diamonds)
        .set({ inStock: false, updatedAt: now })
        .where(inArray(diamonds.stockCode, outIds.slice(i, i + BATCH)));
      // their holds end too (the holder is e-mailed by the hold sweep)
      await endHoldsOfCodes(tx, outIds.slice(i, i + BATCH), 'left_stock', opts.now);
    }
    if (opts.alsoInTx) mergeChanges(changes, await opts.alsoInTx(tx));
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
export const importTable = (db: Db, table: Table, opts: ImportOptions): Promise<ImportResult> =>
  importFile(db, tableFile(table), opts);

/** Validates a file against the stock in `db`; writes when mode is apply (see importTable). */
export async function importFile(db: Db, file: StockFile, opts: ImportOptions): Promise<ImportResult> {
  const a = await assessFile(db, file, opts);
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
    unchanged: a.result.valid - a.result.created - w.changedUpdates,
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
  return importFile(db, stockFile(fileName, data), { ...opts, fileName });
}
