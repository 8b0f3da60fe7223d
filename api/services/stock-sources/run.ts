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
 * - One run of a source at a time across every node (claim.ts): a run holds the source's
 *   lease while it runs; another start meanwhile is refused (Run now: 409 source_running; the
 *   scheduler skips that time). A run left `running` by a node that died is marked `failed`
 *   (`interrupted`) by the next claim once its lease has lapsed.
 * - Run now (`startSourceRun`) claims the source, records the run and audits who pressed it,
 *   then answers at once: the pull and the import go on after the answer.
 * - A source that fails (a failed fetch, a refused file, a run waiting for confirmation) is
 *   marked failing; staff get one e-mail a day while it fails and one when it works again.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { stockImports, stockSources, type StockSource } from '../../../db/tables.ts';
import { FETCH_FAILURES } from '../../../src/domain/stock-sources.ts';
import { HttpError } from '../../middleware/errors.ts';
import { siteOf } from '../accounts/accounts.ts';
import { audit } from '../admin/audit.ts';
import { afterResponse } from '../platform/after-response.ts';
import { logger } from '../platform/logger.ts';
import { deliverQueued, type QueuedMail } from '../platform/mailer.ts';
import { workers } from '../platform/workers.ts';
import { renamedHeaders, stockFile } from '../stock-import/parse.ts';
import { carryOut, finish, openRun } from '../stock-import/runs.ts';
import type { Deps } from '../../types.ts';
import { claimSource, type SourceClaim } from './claim.ts';
import { sourceFailingEmail, sourceRecoveredEmail } from './emails.ts';
import { fetchFeed, fileNameOf } from './fetch.ts';
import { feedPolicy } from './sources.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

export type SourceRunResult = { runId: number; status: string; reason: string | null };

type Outcome =
  { kind: 'applied'; status: string } | { kind: 'unchanged' } | { kind: 'failing'; status: string; reason: string };

const isFetchFailure = (status: string | null) => status != null && status in FETCH_FAILURES;

const runBy = (source: StockSource) => ({ origin: 'source' as const, sourceId: source.id, label: source.name });

const openSourceRun = (deps: Deps, source: StockSource) =>
  openRun(deps, { by: runBy(source), fileName: fileNameOf(new URL(source.url)), mode: source.mode, strict: false });

const claimed = async (deps: Deps, source: StockSource): Promise<SourceClaim> => {
  const claim = await claimSource(deps, source.id);
  if (!claim) throw new HttpError(409, 'source_running');
  return claim;
};

/**
 * Pulls and imports a source now and answers how the run ended (the scheduler, tests): 409
 * `source_running` while another run of it goes on. `force` sends no validators and imports
 * even the same content again (an import of unchanged rows writes nothing).
 */
export async function runSource(
  deps: Deps,
  source: StockSource,
  opts: { force?: boolean } = {},
): Promise<SourceRunResult> {
  return runClaimed(deps, source, await claimed(deps, source), opts);
}

/** Runs a source whose claim is taken, and gives the claim back at the end. */
export async function runClaimed(
  deps: Deps,
  source: StockSource,
  claim: SourceClaim,
  opts: { force?: boolean } = {},
): Promise<SourceRunResult> {
  try {
    return await pull(deps, source, await openSourceRun(deps, source), opts);
  } finally {
    await claim.release();
  }
}

/**
 * Run now: claims the source (409 `source_running` while a run of it goes on, on any node),
 * records the run as `running` with who pressed it in the audit, and answers its id at once;
 * the pull and the import go on after the answer (the run's status says when they end).
 */
export async function startSourceRun(
  deps: Deps,
  source: StockSource,
  staffId: number,
): Promise<{ runId: number; status: 'running' }> {
  const claim = await claimed(deps, source);
  let id: number;
  try {
    id = await openSourceRun(deps, source);
    await audit(
      deps.db,
      staffId,
      'stock_source.run',
      'stock_source',
      String(source.id),
      { runId: id },
      deps.clock.now(),
    );
  } catch (err) {
    await claim.release();
    throw err;
  }
  afterResponse(deps.db, 'stock source run', async () => {
    const run = pull(deps, source, id, { force: true });
    // a shutdown waits for it (within its grace period); a node that stops dead leaves it to the takeover
    const unregister = workers.register(`stock source run ${id}`, () => run.then(() => {}));
    try {
      await run;
    } finally {
      unregister();
      await claim.release();
    }
  });
  return { runId: id, status: 'running' };
}

/** Pulls the file of an opened run and imports it; the run and the source record the outcome. */
async function pull(deps: Deps, source: StockSource, id: number, opts: { force?: boolean }): Promise<SourceRunResult> {
  try {
    return await pullAndImport(deps, source, id, opts);
  } catch (err) {
    // the database failed under the run: it ends failed, not `running` for ever
    logger.error({ err, source: source.id, run: id }, 'a stock source run failed');
    await deps.db
      .update(stockImports)
      .set({ status: 'failed', reason: 'internal_error', finishedAt: new Date(deps.clock.now()) })
      .where(and(eq(stockImports.id, id), eq(stockImports.status, 'running')))
      .catch(() => {});
    return { runId: id, status: 'failed', reason: 'internal_error' };
  }
}

async function pullAndImport(
  deps: Deps,
  source: StockSource,
  id: number,
  opts: { force?: boolean },
): Promise<SourceRunResult> {
  const fileName = fileNameOf(new URL(source.url));
  const by = runBy(source);
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
    // the run's record and, for a source that is not failing, its status: one commit
    const settled = await writeTx(deps.db, async (tx) => {
      await finish(tx, id, 'unchanged', now(), { fileName });
      return quietlyUnchanged(tx, source.id, now());
    });
    if (!settled) await settle(deps, source.id, { kind: 'unchanged' });
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
      // the source's manual mapping renames the headers it names (header -> field name)
      file: renamedHeaders(stockFile(fileName, fetched.data), source.mapping),
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

/**
 * An unchanged file of a source that is not failing and owes no e-mail: one update (what
 * `settle` would write); false for any other source, which goes through `settle`.
 */
async function quietlyUnchanged(tx: Db, sourceId: number, now: number): Promise<boolean> {
  const rows = await tx
    .update(stockSources)
    .set({ lastRunAt: new Date(now), lastStatus: 'unchanged', lastReason: null })
    .where(and(eq(stockSources.id, sourceId), isNull(stockSources.failingSince), isNull(stockSources.lastEmailAt)))
    .returning({ id: stockSources.id });
  return rows.length > 0;
}

/** Records a pull's outcome on the source, with the failing or recovery e-mail it calls for. */
async function settle(deps: Deps, sourceId: number, outcome: Outcome): Promise<void> {
  const now = deps.clock.now();
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
      return s.lastEmailAt
        ? [await deps.mailer.queue(tx, sourceRecoveredEmail(await siteOf(deps), deps.config.STAFF_EMAIL, s))]
        : [];
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
      ? [
          await deps.mailer.queue(
            tx,
            sourceFailingEmail(await siteOf(deps), deps.config.STAFF_EMAIL, s, failing.reason, since),
          ),
        ]
      : [];
  });
  await deliverQueued(deps.mailer, mails).catch((err: unknown) =>
    logger.error({ err, source: sourceId }, 'a stock source e-mail was not sent'),
  );
}
