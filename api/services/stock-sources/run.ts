/**
 * One pull of a stock source, recorded as a run of the import history (origin `source`):
 *
 * - The file is fetched (fetch.ts). A failed fetch is a `failed` run with its reason
 *   (`http_error: HTTP 500`, `timeout: ...`); a 304, or a file with the same content hash as
 *   the last one read, is an `unchanged` run that costs no import. The stock is untouched in
 *   each.
 * - Otherwise the file goes through the import core (`carryOut` of stock-import/runs.ts): the
 *   same counts, skipped rows, bad-rows threshold and safety valve as an upload; the write is
 *   one transaction, so a node killed mid-run leaves the stock as it was.
 * - The source keeps the file's validators and hash once its content has been judged
 *   (applied, refused, or waiting for confirmation), so an unchanged file is not judged again.
 * - One run of a source at a time: a run started less than RUN_STALE_MS ago and still going
 *   refuses another (409 source_running); an older one was left by a node that died (its write
 *   never committed) and is marked `failed` (`interrupted`).
 * - A source that fails (a failed fetch, a refused file, a run waiting for confirmation) is
 *   marked failing; staff get one e-mail a day while it fails and one when it works again.
 */
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { stockImports, stockSources, type StockSource } from '../../../db/tables.ts';
import { FETCH_FAILURES } from '../../../src/domain/stock-sources.ts';
import { HttpError } from '../../middleware/errors.ts';
import { siteOf } from '../accounts/accounts.ts';
import { logger } from '../platform/logger.ts';
import { deliverQueued, type QueuedMail } from '../platform/mailer.ts';
import { parseStockFile, type Table } from '../stock-import/parse.ts';
import { carryOut, finish, openRun } from '../stock-import/runs.ts';
import type { Deps } from '../../types.ts';
import { sourceFailingEmail, sourceRecoveredEmail } from './emails.ts';
import { fetchFeed, fileNameOf } from './fetch.ts';
import { feedPolicy } from './sources.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;
/** A source's run still `running` after this long was left by a node that died. */
export const RUN_STALE_MS = 10 * 60_000;

export type SourceRunResult = { runId: number; status: string; reason: string | null };

type Outcome =
  { kind: 'applied'; status: string } | { kind: 'unchanged' } | { kind: 'failing'; status: string; reason: string };

/** The file's headers with the source's manual mapping applied (header -> field name). */
export const mappedTable = (table: Table, mapping: Record<string, string>): Table => ({
  headers: table.headers.map((h) => mapping[h] ?? h),
  rows: table.rows,
});

const isFetchFailure = (status: string | null) => status != null && status in FETCH_FAILURES;

/**
 * Pulls and imports a source now. `force` (Run now) sends no validators and imports even the
 * same content again (an import of unchanged rows writes nothing).
 */
export async function runSource(
  deps: Deps,
  source: StockSource,
  opts: { force?: boolean } = {},
): Promise<SourceRunResult> {
  const url = new URL(source.url);
  const fileName = fileNameOf(url);
  const now0 = deps.clock.now();
  const running = and(eq(stockImports.sourceId, source.id), eq(stockImports.status, 'running'));
  // one run of a source at a time: a recent run still going refuses another (Run now: 409)
  const busy = await deps.db
    .select({ id: stockImports.id })
    .from(stockImports)
    .where(and(running, gt(stockImports.startedAt, new Date(now0 - RUN_STALE_MS))))
    .limit(1);
  if (busy.length > 0) throw new HttpError(409, 'source_running');
  // an older run still "running" was left by a node that died: its write never committed
  await deps.db
    .update(stockImports)
    .set({ status: 'failed', reason: 'interrupted', finishedAt: new Date(now0) })
    .where(running);
  const by = { origin: 'source' as const, sourceId: source.id, label: source.name };
  const id = await openRun(deps, { by, fileName, mode: source.mode, strict: false });
  const fetched = await fetchFeed(source.url, {
    policy: feedPolicy(deps),
    maxBytes: deps.config.STOCK_FEED_MAX_BYTES,
    timeoutMs: deps.config.STOCK_FEED_TIMEOUT_MS,
    header:
      source.authHeaderName && source.authHeaderValue
        ? { name: source.authHeaderName, value: source.authHeaderValue }
        : null,
    etag: opts.force ? null : source.etag,
    lastModified: opts.force ? null : source.lastModified,
  });
  const now = () => deps.clock.now();
  if (fetched.kind === 'failed') {
    const reason = `${fetched.failure}: ${fetched.reason}`;
    await finish(deps.db, id, 'failed', now(), { reason });
    await settle(deps, source.id, { kind: 'failing', status: fetched.failure, reason });
    return { runId: id, status: 'failed', reason };
  }
  if (fetched.kind === 'unchanged' || (!opts.force && fetched.hash === source.contentHash)) {
    await finish(deps.db, id, 'unchanged', now(), { fileName });
    await settle(deps, source.id, { kind: 'unchanged' });
    return { runId: id, status: 'unchanged', reason: null };
  }
  const judged = async () =>
    deps.db
      .update(stockSources)
      .set({ etag: fetched.etag, lastModified: fetched.lastModified, contentHash: fetched.hash })
      .where(eq(stockSources.id, source.id));
  try {
    const result = await carryOut(deps, id, {
      by,
      fileName,
      mode: source.mode,
      strict: false,
      load: async () => mappedTable(await parseStockFile(fileName, fetched.data), source.mapping),
    });
    await judged();
    const status = result.status ?? 'applied';
    await settle(
      deps,
      source.id,
      status === 'needs_confirmation'
        ? {
            kind: 'failing',
            status,
            reason: `needs_confirmation: ${result.leaving?.count ?? 0} stones would leave the stock`,
          }
        : { kind: 'applied', status },
    );
    return { runId: id, status, reason: null };
  } catch (err) {
    if (!(err instanceof HttpError) || err.status >= 500) {
      logger.error({ err, source: source.id, run: id }, 'a stock source run failed');
      await settle(deps, source.id, { kind: 'failing', status: 'failed', reason: 'internal_error' });
      return { runId: id, status: 'failed', reason: 'internal_error' };
    }
    await judged();
    const o = err.body.errors.options;
    const reason = `${String(err.body.errors.msg)}${typeof o?.reason === 'string' ? `: ${o.reason}` : ''}`;
    await settle(deps, source.id, { kind: 'failing', status: 'refused', reason });
    return { runId: id, status: 'refused', reason };
  }
}

/** Whether the run a source's file waited in has been confirmed by staff since. */
async function confirmedSince(tx: Db, s: StockSource): Promise<boolean> {
  if (s.lastStatus !== 'needs_confirmation') return false;
  const last = (
    await tx
      .select({ status: stockImports.status })
      .from(stockImports)
      .where(
        and(
          eq(stockImports.sourceId, s.id),
          inArray(stockImports.status, ['needs_confirmation', 'confirmed', 'discarded']),
        ),
      )
      .orderBy(desc(stockImports.id))
      .limit(1)
  )[0];
  return last?.status === 'confirmed';
}

/** Records a pull's outcome on the source, with the failing or recovery e-mail it calls for. */
async function settle(deps: Deps, sourceId: number, outcome: Outcome): Promise<void> {
  const now = deps.clock.now();
  const site = await siteOf(deps);
  const mails = await writeTx(deps.db, async (tx): Promise<QueuedMail[]> => {
    const s = (await tx.select().from(stockSources).where(eq(stockSources.id, sourceId)).limit(1))[0];
    if (!s) return [];
    const at = new Date(now);
    // the same file as last time keeps its verdict (unless staff confirmed the run it waits in);
    // after a failed fetch it is the stock as last applied
    const recovered =
      outcome.kind === 'applied' ||
      (outcome.kind === 'unchanged' &&
        (s.failingSince == null || isFetchFailure(s.lastStatus) || (await confirmedSince(tx, s))));
    if (outcome.kind === 'unchanged' && !recovered) {
      await tx.update(stockSources).set({ lastRunAt: at }).where(eq(stockSources.id, sourceId));
      return [];
    }
    if (recovered) {
      await tx
        .update(stockSources)
        .set({
          lastRunAt: at,
          lastStatus: outcome.kind === 'applied' ? outcome.status : 'unchanged',
          lastReason: null,
          failingSince: null,
          lastEmailAt: null,
          ...(outcome.kind === 'applied' ? { lastAppliedAt: at } : {}),
        })
        .where(eq(stockSources.id, sourceId));
      return s.lastEmailAt ? [await deps.mailer.queue(tx, sourceRecoveredEmail(site, deps.config.STAFF_EMAIL, s))] : [];
    }
    const failing = outcome as Extract<Outcome, { kind: 'failing' }>;
    const since = s.failingSince ?? at;
    const tell = !s.lastEmailAt || now - s.lastEmailAt.getTime() >= DAY_MS;
    await tx
      .update(stockSources)
      .set({
        lastRunAt: at,
        lastStatus: failing.status,
        lastReason: failing.reason,
        failingSince: since,
        ...(tell ? { lastEmailAt: at } : {}),
      })
      .where(eq(stockSources.id, sourceId));
    return tell
      ? [await deps.mailer.queue(tx, sourceFailingEmail(site, deps.config.STAFF_EMAIL, s, failing.reason, since))]
      : [];
  });
  await deliverQueued(deps.mailer, mails).catch((err: unknown) =>
    logger.error({ err, source: sourceId }, 'a stock source e-mail was not sent'),
  );
}
