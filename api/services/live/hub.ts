/**
 * The live stock hub of a node: the one reader of the stock change log for every open stream
 * of this process (the site's /api/v1/live and API Link's /changes/stream).
 *
 * - Woken by the writers' announcement (notify.ts: PostgreSQL LISTEN/NOTIFY, delivered at
 *   commit, on every node; in-process on SQLite), and by a safety poll every LIVE_POLL_MS, so
 *   a lost notice costs at most that.
 * - Each wake-up reads the rows after the last one it delivered, once for the node (not per
 *   stream), prepares every audience's frames once (events.ts) and hands the batch to every
 *   subscribed stream, which picks its own bytes. Reads never overlap: a wake-up during a read
 *   reads again after it.
 * - An account's own request moving (notify.ts `announceMine`) reaches that account's streams
 *   only, as a `mine` event.
 * - One heartbeat timer for all streams (LIVE_HEARTBEAT_MS). With each beat the sessions of
 *   the node's trader streams are read again (one query for 500 of them): a stream whose
 *   session was signed out, revoked or has lapsed, through any node, ends (`recheckSessions`
 *   does it at once, after a sign-out through this node).
 * - `stopLiveHub(db)` (the worker registry calls it on shutdown) ends every stream with a
 *   `retry:` hint, so browsers reconnect, through the proxy, to another node, with their
 *   Last-Event-ID.
 */
import { AsyncResource } from 'node:async_hooks';
import type { Db } from '../../../db/client.ts';
import type { Deps } from '../../types.ts';
import { changeRowsAfter, latestSeq } from '../link/change-log.ts';
import { sessionsStillOpen } from '../accounts/sessions.ts';
import { logger } from '../platform/logger.ts';
import { liveStreamsOpen } from '../platform/metrics.ts';
import type { LiveMineEvent } from '../../../src/domain/live/events.ts';
import { encodeFrame, prepareEvents, sseFrame, type PreparedEvent } from './events.ts';
import { onLocalMine, onLocalStockChange, type MineNotice } from './notify.ts';

export type Subscriber = {
  /** a batch of new events, oldest first */
  deliver(events: readonly PreparedEvent[]): void;
  /** the heartbeat's turn */
  beat(): void;
  /** an account's own request or hold moved (the `mine` frame for `userId`'s streams only) */
  mine?(userId: number, frame: Uint8Array): void;
  /** the node stops, or the stream's session ended: end it, telling the browser when to come back */
  end(retryMs: number): void;
  /** the session (its id hash) that signed the stream's trader in */
  session?: string;
};

export type LiveHub = {
  /** resolves once the hub knows the newest sequence and listens for changes */
  ready(): Promise<void>;
  /** subscribes; `seq` is the last sequence delivered before it (later ones reach `sub`) */
  subscribe(sub: Subscriber): { seq: number; unsubscribe(): void };
  /** open streams on this node */
  open(): number;
  /** reads the log now (and again after a read in progress) */
  wake(): void;
  /** ends the streams whose session no longer signs their trader in */
  recheckSessions(): Promise<void>;
  stop(): Promise<void>;
};

const BATCH = 500;
/** when a stopped node's streams come back: spread over a few seconds */
const retryHint = () => 1000 + Math.floor(Math.random() * 2000);
/** runs `fn` outside any request or transaction (a writer's wake-up must not read inside its transaction) */
const outsideAnyRequest = AsyncResource.bind((fn: () => void) => fn());

const hubs = new WeakMap<Db, LiveHub>();

/** The hub of this database handle (made on first use). */
export function liveHub(deps: Deps): LiveHub {
  let hub = hubs.get(deps.db);
  if (!hub) hubs.set(deps.db, (hub = createHub(deps)));
  return hub;
}

/** Stops the hub of `db`, if it has one (shutdown, tests). */
export async function stopLiveHub(db: Db): Promise<void> {
  const hub = hubs.get(db);
  hubs.delete(db);
  await hub?.stop();
}

/** A session ended through this node: its streams here end now (elsewhere at their next heartbeat). */
export const sessionEnded = (db: Db): Promise<void> => hubs.get(db)?.recheckSessions() ?? Promise.resolve();

/** Open streams of the hub of `db` (0 without a hub). */
export const openStreams = (db: Db): number => hubs.get(db)?.open() ?? 0;

function createHub({ db, config, clock }: Deps): LiveHub {
  const subs = new Set<Subscriber>();
  let last = 0;
  let started: Promise<void> | null = null;
  /** the newest sequence is known: wake-ups read from there */
  let awake = false;
  let stopped = false;
  let reading: Promise<void> | null = null;
  let again = false;
  const timers: NodeJS.Timeout[] = [];
  let unlisten: () => Promise<void> = async () => {};

  // SQLite: a read inside the serialised writer's queue comes after the announcing commit
  const rowsAfter = (seq: number) =>
    db.engine === 'sqlite' ? db.transact(() => changeRowsAfter(db, seq, BATCH)) : changeRowsAfter(db, seq, BATCH);

  const readNew = async () => {
    for (;;) {
      const rows = await rowsAfter(last);
      if (rows.length === 0 || stopped) return;
      const events = await prepareEvents(db, rows, clock.now());
      last = Number(rows.at(-1)!.seq);
      for (const sub of subs) sub.deliver(events);
      if (rows.length < BATCH) return;
    }
  };

  const wake = () =>
    outsideAnyRequest(() => {
      if (stopped || !awake) return;
      if (reading) {
        again = true;
        return;
      }
      reading = (async () => {
        do {
          again = false;
          await readNew().catch((err: unknown) => logger.error({ err }, 'live stock: reading the change log failed'));
        } while (again && !stopped);
      })().finally(() => (reading = null));
    });

  let checking: Promise<void> | null = null;
  const checkSessions = async () => {
    const signedIn = [...subs].filter((s) => s.session !== undefined);
    if (signedIn.length === 0) return;
    const open = await sessionsStillOpen(db, [...new Set(signedIn.map((s) => s.session!))], clock.now());
    for (const sub of signedIn) {
      if (open.has(sub.session!) || !subs.delete(sub)) continue;
      liveStreamsOpen.dec();
      sub.end(retryHint());
    }
  };
  const recheckSessions = () => {
    if (!checking && !stopped)
      outsideAnyRequest(() => {
        checking = checkSessions()
          .catch((err: unknown) => logger.error({ err }, 'live stock: re-reading the sessions failed'))
          .finally(() => (checking = null));
      });
    return checking ?? Promise.resolve();
  };

  // an account notice, to that account's streams (SQLite: once the announcing commit is done)
  const tellMine = ({ userId, what, id, state }: MineNotice) => {
    const event: LiveMineEvent = { seq: null, what, id, state };
    const frame = encodeFrame(sseFrame('mine', event));
    for (const sub of subs) sub.mine?.(userId, frame);
  };
  const tellLocalMine = (notice: MineNotice) =>
    outsideAnyRequest(() => void db.transact(async () => undefined).then(() => !stopped && tellMine(notice)));

  const start = async () => {
    last = await latestSeq(db);
    if (stopped) return;
    awake = true;
    if (db.engine === 'postgres' && config.DATABASE_URL) {
      const { listenForChanges } = await import('./listen.ts');
      const listener = listenForChanges(config.DATABASE_URL, wake, tellMine);
      unlisten = listener.stop;
      await listener.listening;
    } else {
      onLocalStockChange(db, wake);
      onLocalMine(db, tellLocalMine);
    }
    timers.push(setInterval(wake, config.LIVE_POLL_MS));
    timers.push(
      setInterval(() => {
        subs.forEach((s) => s.beat());
        void recheckSessions();
      }, config.LIVE_HEARTBEAT_MS),
    );
    for (const t of timers) t.unref();
  };

  return {
    ready: () =>
      (started ??= start().catch((err: unknown) => {
        started = null; // the next stream tries again
        throw err;
      })),
    subscribe(sub) {
      subs.add(sub);
      liveStreamsOpen.inc();
      return {
        seq: last,
        unsubscribe: () => {
          if (subs.delete(sub)) liveStreamsOpen.dec();
        },
      };
    },
    open: () => subs.size,
    wake,
    recheckSessions,
    async stop() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      onLocalStockChange(db, null);
      onLocalMine(db, null);
      await unlisten();
      for (const sub of subs) sub.end(retryHint());
      liveStreamsOpen.dec(subs.size);
      subs.clear();
      await reading;
      await checking;
      await started?.catch(() => undefined);
    },
  };
}
