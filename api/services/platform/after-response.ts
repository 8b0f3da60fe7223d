/**
 * Work that must not shape an answer's timing, run after the answer has gone: `/forgot` and
 * `/resendVerification` answer every e-mail alike, so looking the account up, issuing its
 * token and sending the mail happen here, on a later turn of the event loop, whether the
 * account exists or not. A failure is logged (without the e-mail address), never answered.
 *
 *   afterResponse(deps.db, 'forgot', () => sendResetLink(deps, email));
 *   await settled(db);   // tests and shutdown: wait until nothing is pending
 */
import type { Db } from '../../../db/client.ts';
import { logger } from './logger.ts';

const pending = new WeakMap<Db, Set<Promise<void>>>();

export function afterResponse(db: Db, label: string, task: () => unknown): void {
  let set = pending.get(db);
  if (!set) pending.set(db, (set = new Set()));
  const tasks = set;
  const run: Promise<void> = new Promise<void>((next) => setImmediate(next))
    .then(task)
    .then(
      () => undefined,
      (err: unknown) => logger.error({ err, work: label }, 'work after the answer failed'),
    )
    .finally(() => tasks.delete(run));
  tasks.add(run);
}

/** Resolves once every task started for `db` (and any they started) has finished. */
export async function settled(db: Db): Promise<void> {
  const set = pending.get(db);
  while (set && set.size > 0) await Promise.all([...set]);
}
