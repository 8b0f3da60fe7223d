/**
 * One alert pass over every saved search with alerts, on whichever node holds the lease
 * `saved-search-alerts` (other nodes skip the pass; a node killed mid-pass leaves the lease to
 * lapse, ALERT_LEASE_MS):
 *
 * 1. The searches to do: every instant one, and each daily one whose digest hour has come in
 *    its time zone since its last digest (digest-hour.ts).
 * 2. The window: the change log after the lowest high-water mark among them, and the changed
 *    stones, read once (alert-window.ts); each search compiled once and matched in memory
 *    (alert-matches.ts).
 * 3. Per search, in one transaction: the high-water mark moves to the window's end by a
 *    conditional update (`WHERE seen_seq = <the mark read>`), and only if that update wins
 *    are its e-mail stored in the outbox and its `saved_search.matched` webhook queued. So an
 *    event is told at most once per search, on whichever node, and a kill before the commit
 *    leaves everything to the next pass. The e-mails are delivered after the commit (a kill
 *    in between leaves them to any node's outbox resend).
 *    Searches with nothing to tell move their mark in bulk, grouped by mark; searches with
 *    alerts off follow the log's end, so turning alerts on tells only of later changes.
 */
import { and, eq, inArray, lt, max } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { savedSearches, stockChanges, users } from '../../../db/tables.ts';
import { digestDue, isTimeZone } from '../../../src/domain/saved-searches/digest-hour.ts';
import type { Deps } from '../../types.ts';
import { siteOf } from '../accounts/accounts.ts';
import { releaseLease, tryLease } from '../platform/leases.ts';
import type { QueuedMail } from '../platform/mailer.ts';
import { alertEvents, type AlertEvent } from './alert-matches.ts';
import { alertEmail } from './alert-mails.ts';
import { enqueueMatched } from './alert-webhook.ts';
import { loadWindow, type AlertWindow } from './alert-window.ts';

export const ALERT_LEASE = 'saved-search-alerts';
export const ALERT_LEASE_MS = 20_000;
/** change-log rows read per pass (the rest waits for the next pass) */
const WINDOW_LIMIT = 50_000;
/** searches told per transaction */
const TX_BATCH = 50;
/** the digest hour and zone of a daily search that has none */
const DEFAULT_DIGEST = { hour: 8, timeZone: 'UTC' };

type SavedSearch = typeof savedSearches.$inferSelect;
export type AlertPass = { searches: number; emails: number; ms: number };

/** The searches a pass at `now` does: instant ones, and daily ones whose digest is due. */
export async function searchesToDo(db: Db, now: number): Promise<SavedSearch[]> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(inArray(savedSearches.alert, ['instant', 'daily']));
  return rows.filter(
    (s) =>
      s.alert === 'instant' ||
      digestDue(
        now,
        (s.lastDigestAt ?? s.createdAt).getTime(),
        s.digestHour ?? DEFAULT_DIGEST.hour,
        // a zone this runtime does not know (stored by an older one) reads as UTC
        s.timeZone && isTimeZone(s.timeZone) ? s.timeZone : DEFAULT_DIGEST.timeZone,
      ),
  );
}

/** Reads the window and works out every search's events (no writes): what a bench times. */
export async function computeAlerts(db: Db, todo: readonly SavedSearch[]) {
  const from = Math.min(...todo.map((s) => s.seenSeq));
  const window = await loadWindow(db, from, WINDOW_LIMIT);
  return { window, events: alertEvents(window, todo) };
}

/** Moves a search's mark (and its digest time) if nobody did meanwhile; stores its e-mail and webhook when it wins. */
async function tell(
  deps: Deps,
  tx: Db,
  s: SavedSearch,
  w: AlertWindow,
  events: AlertEvent[] | undefined,
  who: Map<number, { email: string; firstName: string; approved: boolean }>,
  site: Awaited<ReturnType<typeof siteOf>>,
  now: number,
): Promise<QueuedMail | null> {
  const digest = s.alert === 'daily';
  const won = await tx
    .update(savedSearches)
    .set({ seenSeq: Math.max(w.to, s.seenSeq), ...(digest ? { lastDigestAt: new Date(now) } : {}) })
    .where(and(eq(savedSearches.id, s.id), eq(savedSearches.seenSeq, s.seenSeq), eq(savedSearches.alert, s.alert)))
    .returning({ id: savedSearches.id });
  const user = who.get(s.userId);
  if (won.length === 0 || !events?.length || !user?.approved) return null;
  const mail = await deps.mailer.queue(tx, alertEmail(site, deps.config, user, s, events, w.rates));
  await enqueueMatched(tx, s.userId, s, events, w.rates, now);
  return mail;
}

export async function runAlertPass(
  deps: Deps,
  holder: string,
  stopped: () => boolean = () => false,
): Promise<AlertPass> {
  const started = performance.now();
  const { db } = deps;
  if (!(await tryLease(db, ALERT_LEASE, holder, ALERT_LEASE_MS))) return { searches: 0, emails: 0, ms: 0 };
  try {
    const now = deps.clock.now();
    await keepOffMarksCurrent(db);
    const todo = await searchesToDo(db, now);
    if (todo.length === 0) return { searches: 0, emails: 0, ms: 0 };
    const { window: w, events } = await computeAlerts(db, todo);
    const quiet = todo.filter((s) => s.alert === 'instant' && !events.has(s.id) && s.seenSeq < w.to);
    const loud = todo.filter((s) => s.alert === 'daily' || events.has(s.id));
    await moveQuiet(db, quiet, w.to);
    const owners = [...new Set(loud.map((s) => s.userId))];
    const who = new Map(
      owners.length
        ? (
            await db
              .select({ id: users.id, email: users.email, firstName: users.firstName, status: users.status })
              .from(users)
              .where(inArray(users.id, owners))
          ).map((u) => [u.id, { email: u.email, firstName: u.firstName, approved: u.status === 'approved' }])
        : [],
    );
    const site = await siteOf(deps);
    let emails = 0;
    for (let i = 0; i < loud.length && !stopped(); i += TX_BATCH) {
      const part = loud.slice(i, i + TX_BATCH);
      const mails = await writeTx(db, async (tx) => {
        const out: QueuedMail[] = [];
        for (const s of part) {
          const mail = await tell(deps, tx, s, w, events.get(s.id), who, site, now);
          if (mail) out.push(mail);
        }
        return out;
      });
      for (const mail of mails) await deps.mailer.deliver(mail);
      emails += mails.length;
      await tryLease(db, ALERT_LEASE, holder, ALERT_LEASE_MS); // still ours: renewed
    }
    return { searches: todo.length, emails, ms: Math.round(performance.now() - started) };
  } finally {
    await releaseLease(db, ALERT_LEASE, holder);
  }
}

/** Searches with alerts off follow the log's end, so turning alerts on never tells of older changes. */
async function keepOffMarksCurrent(db: Db): Promise<void> {
  const newest = Number((await db.select({ seq: max(stockChanges.seq) }).from(stockChanges))[0]?.seq ?? 0);
  await db
    .update(savedSearches)
    .set({ seenSeq: newest })
    .where(and(eq(savedSearches.alert, 'off'), lt(savedSearches.seenSeq, newest)));
}

/** Instant searches with nothing to tell: their marks move to `to`, in bulk per mark read. */
async function moveQuiet(db: Db, quiet: readonly SavedSearch[], to: number): Promise<void> {
  const byMark = new Map<number, number[]>();
  for (const s of quiet) byMark.set(s.seenSeq, [...(byMark.get(s.seenSeq) ?? []), s.id]);
  for (const [mark, ids] of byMark) {
    for (let i = 0; i < ids.length; i += 500) {
      await db
        .update(savedSearches)
        .set({ seenSeq: to })
        .where(
          and(
            inArray(savedSearches.id, ids.slice(i, i + 500)),
            eq(savedSearches.seenSeq, mark),
            eq(savedSearches.alert, 'instant'),
          ),
        );
    }
  }
}
