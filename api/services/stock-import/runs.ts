/**
 * A stock import run: every way stock comes in (a staff upload, an API Link `stock` key's
 * push or single-stone call; a pulled source, api/services/stock-sources) goes through `runImport`, recorded in
 * `stock_imports` (the import history).
 *
 * - Partial by default: the valid rows are applied, the bad ones skipped and reported (row,
 *   column, value, reason). `strict` keeps the old all-or-nothing (422 import_has_errors).
 * - The whole run is refused (422 too_many_bad_rows) when more than the `badRowsPct` setting
 *   of its rows are bad: the stock is untouched.
 * - Safety valve: a replace-all that would take more than `removalPct` of the stock in stock
 *   out of it is not applied; it waits as `needs_confirmation` with its table, and the staff
 *   address gets one e-mail (queued in the same transaction). `confirmRun` applies it,
 *   validated again against the stock as it is then; `discardRun` leaves the stock as it was.
 *   A broken or truncated export never empties the shop.
 * - The write itself is the import core's (`writeAssessment`): change-log events only for real
 *   changes in the same transaction, holds of stones leaving the stock end (`left_stock`),
 *   webhooks, the stock version bump; the run's own record commits with it.
 */
import { and, eq } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { stockImports, type StockImport } from '../../../db/tables.ts';
import {
  skippedOf,
  type ImportResult,
  type RunMode,
  type RunOrigin,
  type RunStatus,
} from '../../../src/domain/stock-import.ts';
import { HttpError } from '../../middleware/errors.ts';
import { siteOf } from '../accounts/accounts.ts';
import { audit } from '../admin/audit.ts';
import { logger } from '../platform/logger.ts';
import { deliverQueued } from '../platform/mailer.ts';
import type { Deps } from '../../types.ts';
import type { StockChange } from '../link/change-log.ts';
import { assessFile, assessRemoval, elapsed, writeAssessment, type Assessment, type Written } from './index.ts';
import { readTable, tableFile, type StockFile, type Table } from './parse.ts';
import { importSettings } from './settings.ts';
import { waitingImportEmail } from './valve-email.ts';

/** Who started a run: a staff member, an API Link key (its owner is audited), or a pulled source. */
export type RunBy =
  | { origin: Extract<RunOrigin, 'staff'>; staffId: number; label: string }
  | { origin: Extract<RunOrigin, 'api_key'>; apiKeyId: number; ownerId: number; label: string }
  | { origin: Extract<RunOrigin, 'source'>; sourceId: number; label: string };

export type RunInput = {
  by: RunBy;
  fileName: string;
  mode: RunMode;
  strict: boolean;
  /** the file, read when the run starts; one that cannot be read refuses the run (400 invalid_file) */
  file: StockFile;
  /** more of the same change written in the run's transaction (a pushed stone's media), with its events */
  alsoInTx?: (tx: Db) => Promise<StockChange[]>;
};

/** The stones a waiting run lists (the count is always complete). */
const LEAVING_LISTED = 1000;

const actorOf = (by: RunBy) => (by.origin === 'staff' ? by.staffId : by.origin === 'api_key' ? by.ownerId : null);

/** Records a new run as `running` and answers its id. */
export async function openRun(deps: Deps, input: Omit<RunInput, 'file' | 'alsoInTx'>): Promise<number> {
  const row = (
    await deps.db
      .insert(stockImports)
      .values({
        origin: input.by.origin,
        staffId: input.by.origin === 'staff' ? input.by.staffId : null,
        apiKeyId: input.by.origin === 'api_key' ? input.by.apiKeyId : null,
        sourceId: input.by.origin === 'source' ? input.by.sourceId : null,
        originLabel: input.by.label,
        fileName: input.fileName,
        mode: input.mode,
        strict: input.strict,
        status: 'running',
        startedAt: new Date(deps.clock.now()),
      })
      .returning({ id: stockImports.id })
  )[0]!;
  return row.id;
}

/** A preview (dry run): what the run would do, with nothing written and nothing recorded. */
export async function previewRun(deps: Deps, file: StockFile, mode: RunMode): Promise<ImportResult> {
  const a = await assessFile(deps.db, file, { mode: 'preview', full: mode === 'replace', now: deps.clock.now() });
  return { ...a.result, badRowsLimitPct: (await importSettings(deps.db)).badRowsPct, ms: elapsed(a) };
}

/** Opens and runs an import (see the file's comment); refusals are recorded and thrown. */
export async function runImport(deps: Deps, input: RunInput): Promise<ImportResult> {
  const id = await openRun(deps, input);
  return carryOut(deps, id, input);
}

/** Runs an opened run to its end; refusals and failures are recorded on the run and thrown. */
export async function carryOut(deps: Deps, id: number, input: RunInput): Promise<ImportResult> {
  try {
    return await decide(deps, id, input);
  } catch (err) {
    const refused = err instanceof HttpError && err.status < 500;
    const msg = refused ? err.body.errors.msg : 'internal_error';
    const reason =
      refused && typeof err.body.errors.options?.reason === 'string'
        ? `${msg}: ${err.body.errors.options.reason}`
        : msg;
    // a refusal decide() recorded with its counts stays as it is
    await deps.db
      .update(stockImports)
      .set({ status: refused ? 'refused' : 'failed', reason: String(reason), finishedAt: new Date(deps.clock.now()) })
      .where(and(eq(stockImports.id, id), eq(stockImports.status, 'running')));
    throw err;
  }
}

export async function finish(db: Db, id: number, status: RunStatus, now: number, set: Partial<StockImport> = {}) {
  await db
    .update(stockImports)
    .set({ ...set, status, finishedAt: new Date(now) })
    .where(eq(stockImports.id, id));
}

/** The counts of an assessment (before writing) for the run's record. */
const assessed = (a: Assessment) => ({
  rows: a.total,
  created: a.result.created,
  updated: a.result.updated,
  markedOut: a.outIds.length,
  skipped: a.invalidRows,
  skippedRows: a.allErrors.map(skippedOf),
});

/** The counts of a written assessment. */
const written = (a: Assessment, w: Written) => ({
  ...assessed(a),
  updated: w.changedUpdates,
  unchanged: a.result.valid - a.result.created - w.changedUpdates,
  seqFrom: w.seq?.from ?? null,
  seqTo: w.seq?.to ?? null,
});

async function decide(deps: Deps, id: number, input: RunInput): Promise<ImportResult> {
  const now = deps.clock.now();
  const full = input.mode === 'replace';
  const a = await assessFile(deps.db, input.file, { mode: 'apply', full, now });
  const base = { ...a.result, runId: id };
  if (input.strict && a.result.errorCount > 0) {
    await finish(deps.db, id, 'refused', now, { ...assessed(a), reason: 'import_has_errors' });
    throw new HttpError(422, 'import_has_errors', { ...base, status: 'refused', ms: elapsed(a) });
  }
  const settings = await importSettings(deps.db);
  const badPct = (a.invalidRows / a.total) * 100;
  if (badPct > settings.badRowsPct) {
    await finish(deps.db, id, 'refused', now, { ...assessed(a), reason: 'too_many_bad_rows' });
    throw new HttpError(422, 'too_many_bad_rows', {
      ...base,
      status: 'refused',
      limitPct: settings.badRowsPct,
      ms: elapsed(a),
    });
  }
  if (full && a.inStockCount > 0 && (a.outIds.length / a.inStockCount) * 100 > settings.removalPct) {
    const leaving = { count: a.outIds.length, codes: a.outIds.slice(0, LEAVING_LISTED) };
    await hold(deps, id, a, await readTable(input.file), leaving, input);
    return { ...base, status: 'needs_confirmation', leaving, ms: elapsed(a) };
  }
  const by = { fileName: input.fileName, actorId: actorOf(input.by), alsoInTx: input.alsoInTx };
  const w = await apply(deps, id, a, by, 'applied', false);
  return done(base, a, w, 'applied');
}

const done = (base: ImportResult, a: Assessment, w: Written, status: RunStatus): ImportResult => ({
  ...base,
  applied: true,
  status,
  written: w.written,
  updated: w.changedUpdates,
  unchanged: a.result.valid - a.result.created - w.changedUpdates,
  ms: elapsed(a),
});

/** Writes the assessment and the run's record in one transaction; `waiting`: only a run still waiting. */
async function apply(
  deps: Deps,
  id: number,
  a: Assessment,
  by: { fileName: string; actorId: number | null; alsoInTx?: RunInput['alsoInTx'] },
  status: RunStatus,
  waiting: boolean,
): Promise<Written> {
  const now = deps.clock.now();
  const w = await writeAssessment(deps.db, a, {
    adminId: by.actorId,
    fileName: by.fileName,
    now,
    retentionDays: deps.config.API_CHANGES_RETENTION_DAYS,
    alsoInTx: by.alsoInTx,
    inTx: async (tx, w) => {
      const rows = await tx
        .update(stockImports)
        .set({ ...written(a, w), status, pending: null, finishedAt: new Date(now) })
        .where(
          waiting
            ? and(eq(stockImports.id, id), eq(stockImports.status, 'needs_confirmation'))
            : eq(stockImports.id, id),
        )
        .returning({ id: stockImports.id });
      if (rows.length === 0) throw new HttpError(409, 'import_not_waiting');
    },
  });
  // the home page's specials strip is chosen at build time from the stock
  if (w.written) deps.site?.contentChanged('stock import');
  return w;
}

/** Keeps the run waiting for a staff member, with one e-mail to the staff address. */
async function hold(
  deps: Deps,
  id: number,
  a: Assessment,
  table: Table,
  leaving: { count: number; codes: string[] },
  input: RunInput,
) {
  const site = await siteOf(deps);
  const mails = await writeTx(deps.db, async (tx) => {
    await tx
      .update(stockImports)
      .set({ ...assessed(a), status: 'needs_confirmation', pending: table, leaving })
      .where(eq(stockImports.id, id));
    const mail = waitingImportEmail(
      site,
      deps.config.STAFF_EMAIL,
      { id, originLabel: input.by.label, fileName: input.fileName, inStock: a.inStockCount },
      leaving,
    );
    return [await deps.mailer.queue(tx, mail)];
  });
  await deliverQueued(deps.mailer, mails).catch((err: unknown) =>
    logger.error({ err, run: id }, 'the waiting import e-mail was not sent'),
  );
}

async function waitingRun(db: Db, id: number): Promise<StockImport> {
  const run = (await db.select().from(stockImports).where(eq(stockImports.id, id)).limit(1))[0];
  if (!run) throw new HttpError(404, 'import_not_found');
  if (run.status !== 'needs_confirmation' || !run.pending) throw new HttpError(409, 'import_not_waiting');
  return run;
}

/** Applies a waiting replace-all, validated again against the stock as it is now. */
export async function confirmRun(deps: Deps, id: number, staffId: number): Promise<ImportResult> {
  const run = await waitingRun(deps.db, id);
  const a = await assessFile(deps.db, tableFile(run.pending!), { mode: 'apply', full: true, now: deps.clock.now() });
  const w = await apply(deps, id, a, { fileName: run.fileName, actorId: staffId }, 'confirmed', true);
  return done({ ...a.result, runId: id }, a, w, 'confirmed');
}

/** Drops a waiting replace-all: the stock stays as it was. */
export async function discardRun(deps: Deps, id: number, staffId: number): Promise<void> {
  await waitingRun(deps.db, id);
  const now = deps.clock.now();
  await writeTx(deps.db, async (tx) => {
    const rows = await tx
      .update(stockImports)
      .set({ status: 'discarded', pending: null, finishedAt: new Date(now) })
      .where(and(eq(stockImports.id, id), eq(stockImports.status, 'needs_confirmation')))
      .returning({ id: stockImports.id, fileName: stockImports.fileName });
    if (rows.length === 0) throw new HttpError(409, 'import_not_waiting');
    await audit(tx, staffId, 'stock.discard', 'stock_import', String(id), { file: rows[0]!.fileName }, now);
  });
}

/**
 * Takes named stones out of stock now (sold elsewhere), as a recorded run through the same
 * write: holds end (`left_stock`), `removed` events. 404 stone_not_found for an unknown code.
 */
export async function removeStones(deps: Deps, by: RunBy, codes: string[], fileName: string): Promise<ImportResult> {
  const a = await assessRemoval(deps.db, codes);
  const unknown = codes.find((c) => !a.known.includes(c));
  if (unknown) throw new HttpError(404, 'stone_not_found', { stock_code: unknown });
  const id = await openRun(deps, { by, fileName, mode: 'update', strict: true });
  try {
    const w = await apply(deps, id, a, { fileName, actorId: actorOf(by) }, 'applied', false);
    return done({ ...a.result, runId: id }, a, w, 'applied');
  } catch (err) {
    await finish(deps.db, id, 'failed', deps.clock.now(), { reason: 'internal_error' });
    throw err;
  }
}
