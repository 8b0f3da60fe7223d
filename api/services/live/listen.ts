/**
 * PostgreSQL's wake-up for live stock: one connection per node (outside the pool) that
 * LISTENs on the channel every change-log writer notifies at commit (notify.ts). When the
 * connection is lost it comes back a second later and wakes the hub once, so whatever was
 * committed meanwhile is read; the hub's safety poll covers the gap too.
 */
import pg from 'pg';
import { logger } from '../platform/logger.ts';
import { LIVE_CHANNEL, LIVE_MINE_CHANNEL, mineNoticeOf, type MineNotice } from './notify.ts';

const RECONNECT_MS = 1000;

/**
 * Calls `onNotice` for every stock notice (and after each reconnect) and `onMine` for every
 * account notice; answers the stop function and `listening`, which resolves once the first
 * connection listens (or has failed, leaving it to the reconnects): an account notice sent
 * before then would never be heard, since it is not in the change log to catch up from.
 */
export function listenForChanges(
  url: string,
  onNotice: () => void,
  onMine: (notice: MineNotice) => void,
): { stop: () => Promise<void>; listening: Promise<void> } {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = (c: pg.Client, err?: unknown) => {
    if (stopped || client !== c) return;
    client = null;
    if (err) logger.warn({ err }, 'live stock: the LISTEN connection was lost; reconnecting');
    c.end().catch(() => undefined);
    retry = setTimeout(connect, RECONNECT_MS);
    retry.unref();
  };

  const connect = async () => {
    retry = null;
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (n) => {
      if (n.channel !== LIVE_MINE_CHANNEL) return onNotice();
      const notice = mineNoticeOf(n.payload);
      if (notice) onMine(notice);
    });
    c.on('error', (err) => lost(c, err));
    c.on('end', () => lost(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${LIVE_CHANNEL}; LISTEN ${LIVE_MINE_CHANNEL}`);
      if (stopped) return void (await c.end().catch(() => undefined));
      onNotice(); // what was committed while nobody listened
    } catch (err) {
      lost(c, err);
    }
  };
  const listening = connect();

  const stop = async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
  return { stop, listening };
}
