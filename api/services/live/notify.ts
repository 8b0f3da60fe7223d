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
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';

export const LIVE_CHANNEL = 'facet_live';

/** The in-process wake-ups of the hubs of this process, per database handle. */
const localWakes = new WeakMap<Db, () => void>();

/** The hub of `db` asks to be woken when a writer of this process announces a change. */
export function onLocalStockChange(db: Db, wake: (() => void) | null): void {
  if (wake) localWakes.set(db, wake);
  else localWakes.delete(db);
}

export async function announceStockChange(tx: Db): Promise<void> {
  if (tx.engine === 'postgres') {
    await tx.exec(sql`select pg_notify(${LIVE_CHANNEL}, '')`);
    return;
  }
  localWakes.get(tx)?.();
}
