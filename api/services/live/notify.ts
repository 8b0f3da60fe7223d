/**
 * The wake-up of live stock (api/services/live/hub.ts): every writer of the stock change log
 * calls `announceStockChange(tx)` in its own transaction, after its rows.
 *
 * - PostgreSQL: `pg_notify('facet_live', '')` in the writer's transaction, which PostgreSQL
 *   delivers at commit (never for a rolled-back one) to every node's hub listening on the
 *   channel. The notice carries nothing: the hub reads the change log, the one truth.
 * - SQLite (one node): the hub of this process is woken; it reads in its own turn of the
 *   serialised writer, so after this transaction has committed.
 *
 * A notice lost on the way (a listener reconnecting) costs at most the hub's safety poll.
 *
 * `announceMine(tx, notice)` tells one account's open screens that their own request moved
 * (a change the stock change log does not carry: no stone changed). It rides the same way
 * (channel `facet_live_mine` with the notice as its payload, or in-process on SQLite) and
 * reaches that account's streams only, as a `mine` event with no sequence: the screens read
 * the request again. Only ever an id and a state: never anything the account could not read.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

export const LIVE_CHANNEL = 'facet_live';
export const LIVE_MINE_CHANNEL = 'facet_live_mine';

/** One account's own request (or hold) moved to `state`. */
export type MineNotice = { userId: number; what: 'hold' | 'request'; id: number; state: string };

/** The in-process wake-ups of the hubs of this process, per database handle. */
const localWakes = new WeakMap<Db, () => void>();
const localMine = new WeakMap<Db, (notice: MineNotice) => void>();

/** The hub of `db` asks to be woken when a writer of this process announces a change. */
export function onLocalStockChange(db: Db, wake: (() => void) | null): void {
  if (wake) localWakes.set(db, wake);
  else localWakes.delete(db);
}

/** The hub of `db` asks to hear the account notices of this process's writers. */
export function onLocalMine(db: Db, tell: ((notice: MineNotice) => void) | null): void {
  if (tell) localMine.set(db, tell);
  else localMine.delete(db);
}

/** Parses a notice's payload; null for anything else. */
export function mineNoticeOf(payload: string | undefined): MineNotice | null {
  try {
    const n = JSON.parse(payload ?? '') as Partial<MineNotice>;
    if (!Number.isSafeInteger(n.userId) || !Number.isSafeInteger(n.id) || typeof n.state !== 'string') return null;
    if (n.what !== 'hold' && n.what !== 'request') return null;
    return { userId: n.userId!, what: n.what, id: n.id!, state: n.state };
  } catch {
    return null;
  }
}

export async function announceMine(tx: Db, notice: MineNotice): Promise<void> {
  if (tx.engine === 'postgres') {
    await tx.exec(sql`select pg_notify(${LIVE_MINE_CHANNEL}, ${JSON.stringify(notice)})`);
    return;
  }
  localMine.get(tx)?.(notice);
}

export async function announceStockChange(tx: Db): Promise<void> {
  if (tx.engine === 'postgres') {
    await tx.exec(sql`select pg_notify(${LIVE_CHANNEL}, '')`);
    return;
  }
  localWakes.get(tx)?.();
}
