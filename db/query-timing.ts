/**
 * Timing of every database query, at the drivers: better-sqlite3's statement calls (all, get,
 * run, iterate) and node-postgres' Client#query (which the pool's queries go through too).
 * Nothing is wrapped until `observeQueries` is called (api/services/platform/metrics.ts does,
 * when metrics are on); then each query costs two clock reads and the observer's call.
 */
import Database from 'better-sqlite3';
import pg from 'pg';
import type { Engine } from './client.ts';

export type QueryObserver = (engine: Engine, seconds: number) => void;

let observer: QueryObserver | null = null;

type Fn = (...args: unknown[]) => unknown;

function wrapSqlite(): void {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, Fn>;
  probe.close();
  for (const name of ['all', 'get', 'run', 'iterate']) {
    const original = proto[name]!;
    proto[name] = function timedStatement(this: unknown, ...args: unknown[]) {
      const t0 = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        observer?.('sqlite', (performance.now() - t0) / 1000);
      }
    };
  }
}

function wrapPostgres(): void {
  const proto = pg.Client.prototype as unknown as Record<string, Fn>;
  const original = proto.query!;
  proto.query = function timedQuery(this: unknown, ...args: unknown[]) {
    const t0 = performance.now();
    const done = () => observer?.('postgres', (performance.now() - t0) / 1000);
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = function (this: unknown, ...answer: unknown[]) {
        done();
        return (callback as Fn).apply(this, answer);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args);
    if (result && typeof (result as Promise<unknown>).then === 'function')
      (result as Promise<unknown>).then(done, done);
    return result;
  };
}

/** Reports each query's time to `fn` from now on (the drivers are wrapped once). */
export function observeQueries(fn: QueryObserver): void {
  if (!observer) {
    wrapSqlite();
    wrapPostgres();
  }
  observer = fn;
}
