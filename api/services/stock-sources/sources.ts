/**
 * Stock sources kept by staff (Admin → Stock → Sources): add, edit, pause, delete, and the
 * saved manual mapping. The address is checked by the webhooks' guard when saved (and again at
 * every pull). The auth header's value is write-only: `viewOf` answers `header_set`, never the
 * value. Every change is audited, without the value.
 */
import { and, asc, count, eq, gte, isNotNull } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { stockImports, stockSources, type StockSource } from '../../../db/tables.ts';
import type { SourceInput, SourceView } from '../../../src/domain/stock-sources.ts';
import { HttpError } from '../../middleware/errors.ts';
import { audit } from '../admin/audit.ts';
import { targetOf } from '../stock-import/headers.ts';
import { AddressRefused, checkWebhookUrl, type AddressPolicy } from '../webhooks/address-guard.ts';
import type { Deps } from '../../types.ts';
import { nextRunAfter } from './schedule.ts';

export const MAX_SOURCES = 50;
const DAY_MS = 24 * 60 * 60 * 1000;

export const feedPolicy = (deps: Deps): AddressPolicy => ({ allowLoopback: deps.config.STOCK_FEEDS_ALLOW_LOOPBACK });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function viewOf(s: StockSource, runningRun: number | null = null): SourceView {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    header_name: s.authHeaderName,
    header_set: !!s.authHeaderValue,
    schedule: {
      kind: s.scheduleKind,
      interval_minutes: s.scheduleKind === 'interval' ? s.intervalMinutes : null,
      times: s.scheduleKind === 'times' ? s.times : [],
    },
    paused: s.paused,
    mode: s.mode,
    mapping: s.mapping,
    last_status: s.lastStatus,
    last_reason: s.lastReason,
    last_run_at: iso(s.lastRunAt),
    last_applied_at: iso(s.lastAppliedAt),
    next_run_at: iso(s.nextRunAt),
    failing: s.failingSince != null,
    failing_since: iso(s.failingSince),
    running_run: runningRun,
  };
}

/** Each source's run still `running` (started in the last day): source id -> run id. */
export async function runningRuns(db: Db, now: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ sourceId: stockImports.sourceId, id: stockImports.id })
    .from(stockImports)
    .where(
      and(
        gte(stockImports.startedAt, new Date(now - DAY_MS)),
        eq(stockImports.status, 'running'),
        isNotNull(stockImports.sourceId),
      ),
    );
  return new Map(rows.map((r) => [r.sourceId!, r.id]));
}

export async function listSources(db: Db): Promise<StockSource[]> {
  return db.select().from(stockSources).orderBy(asc(stockSources.name), asc(stockSources.id));
}

export async function findSource(db: Db, id: number): Promise<StockSource> {
  const row = (await db.select().from(stockSources).where(eq(stockSources.id, id)).limit(1))[0];
  if (!row) throw new HttpError(404, 'source_not_found');
  return row;
}

async function checkedUrl(deps: Deps, raw: string): Promise<string> {
  try {
    return (await checkWebhookUrl(raw, feedPolicy(deps))).href;
  } catch (err) {
    if (err instanceof AddressRefused) throw new HttpError(400, [{ param: 'url', msg: err.message }]);
    throw err;
  }
}

/** The columns an input sets (the header value only when given: omitted keeps it). */
function columnsOf(input: SourceInput, url: string, now: number) {
  const headerName = input.header_name || null;
  return {
    name: input.name,
    url,
    authHeaderName: headerName,
    ...(input.header_value !== undefined || !headerName
      ? { authHeaderValue: headerName && input.header_value ? input.header_value : null }
      : {}),
    scheduleKind: input.schedule.kind,
    intervalMinutes: input.schedule.kind === 'interval' ? input.schedule.interval_minutes : null,
    times: input.schedule.kind === 'times' ? [...new Set(input.schedule.times)].sort() : [],
    paused: input.paused,
    mode: input.mode,
    updatedAt: new Date(now),
  };
}

const auditOf = (s: { name: string; url: string; mode: string; paused: boolean }) => ({
  name: s.name,
  url: s.url,
  mode: s.mode,
  paused: s.paused,
});

export async function createSource(deps: Deps, staffId: number, input: SourceInput): Promise<StockSource> {
  if ((await deps.db.select({ n: count() }).from(stockSources))[0]!.n >= MAX_SOURCES)
    throw new HttpError(409, 'too_many_sources');
  const url = await checkedUrl(deps, input.url);
  const now = deps.clock.now();
  const cols = columnsOf(input, url, now);
  return writeTx(deps.db, async (tx) => {
    const row = (
      await tx
        .insert(stockSources)
        .values({ ...cols, nextRunAt: nextRunAfter(cols, now, deps.config.SHOP_TIME_ZONE) })
        .returning()
    )[0]!;
    await audit(tx, staffId, 'stock_source.create', 'stock_source', String(row.id), auditOf(row), now);
    return row;
  });
}

export async function updateSource(deps: Deps, staffId: number, id: number, input: SourceInput): Promise<StockSource> {
  const before = await findSource(deps.db, id);
  const url = await checkedUrl(deps, input.url);
  const now = deps.clock.now();
  const cols = columnsOf(input, url, now);
  const moved = url !== before.url;
  return writeTx(deps.db, async (tx) => {
    const row = (
      await tx
        .update(stockSources)
        .set({
          ...cols,
          nextRunAt: nextRunAfter(cols, now, deps.config.SHOP_TIME_ZONE),
          // another address: the last pull's validators mean nothing there
          ...(moved ? { etag: null, lastModified: null, contentHash: null } : {}),
        })
        .where(eq(stockSources.id, id))
        .returning()
    )[0];
    if (!row) throw new HttpError(404, 'source_not_found');
    await audit(tx, staffId, 'stock_source.update', 'stock_source', String(id), auditOf(row), now);
    return row;
  });
}

export async function pauseSource(deps: Deps, staffId: number, id: number, paused: boolean): Promise<StockSource> {
  const s = await findSource(deps.db, id);
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const row = (
      await tx
        .update(stockSources)
        .set({
          paused,
          nextRunAt: nextRunAfter({ ...s, paused }, now, deps.config.SHOP_TIME_ZONE),
          updatedAt: new Date(now),
        })
        .where(eq(stockSources.id, id))
        .returning()
    )[0];
    if (!row) throw new HttpError(404, 'source_not_found');
    await audit(
      tx,
      staffId,
      paused ? 'stock_source.pause' : 'stock_source.resume',
      'stock_source',
      String(id),
      {},
      now,
    );
    return row;
  });
}

export async function deleteSource(deps: Deps, staffId: number, id: number): Promise<void> {
  const s = await findSource(deps.db, id);
  const now = deps.clock.now();
  await writeTx(deps.db, async (tx) => {
    await tx.delete(stockSources).where(eq(stockSources.id, id));
    await audit(tx, staffId, 'stock_source.delete', 'stock_source', String(id), auditOf(s), now);
  });
}

/** Saves the manual mapping; every target must be a field the import knows (400 otherwise). */
export async function saveMapping(
  deps: Deps,
  staffId: number,
  id: number,
  mapping: Record<string, string>,
): Promise<StockSource> {
  await findSource(deps.db, id);
  const kept: Record<string, string> = {};
  for (const [header, field] of Object.entries(mapping)) {
    if (!field.trim()) continue;
    if (!targetOf(field)) throw new HttpError(400, [{ param: 'mapping', msg: `"${field}" is not a stock field` }]);
    kept[header] = field;
  }
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const row = (
      await tx
        .update(stockSources)
        // a new mapping reads the same file differently: the next pull imports it again
        .set({ mapping: kept, contentHash: null, etag: null, lastModified: null, updatedAt: new Date(now) })
        .where(eq(stockSources.id, id))
        .returning()
    )[0]!;
    await audit(
      tx,
      staffId,
      'stock_source.mapping',
      'stock_source',
      String(id),
      { headers: Object.keys(kept).length },
      now,
    );
    return row;
  });
}

/** The dashboard's line per source: when it last updated the stock, and whether it fails. */
export async function sourcesLastUpdated(db: Db) {
  return (await listSources(db)).map((s) => ({
    id: s.id,
    name: s.name,
    lastAppliedAt: iso(s.lastAppliedAt),
    paused: s.paused,
    failing: s.failingSince != null,
    reason: s.failingSince != null ? s.lastReason : null,
  }));
}
