/**
 * `withoutKeeping(db, fn)`: runs `fn` inside a write transaction and rolls it back, answering
 * what `fn` answered. Every query `fn` makes through `db` joins that transaction (writeTx), so
 * the real checks, locks and writes run and are then undone: nothing is kept and nobody else
 * ever sees them. Used for what an API Link test key sends (a request answered as it would be).
 */
import { writeTx, type Db } from './client.ts';

class RolledBack<T> extends Error {
  readonly value: T;
  constructor(value: T) {
    super('rolled back on purpose');
    this.value = value;
  }
}

export async function withoutKeeping<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  try {
    await writeTx(db, async () => {
      throw new RolledBack(await fn());
    });
  } catch (err) {
    if (err instanceof RolledBack) return err.value as T;
    throw err;
  }
  throw new Error('unreachable: the dry run always rolls back');
}
