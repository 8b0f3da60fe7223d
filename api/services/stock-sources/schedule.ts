/**
 * When a stock source runs next. Every N minutes: N minutes after `from` (the run that just
 * started, or the save). Times of day: the first of its "HH:MM" times after `from` in the
 * shop's time zone (SHOP_TIME_ZONE), found by croner, so a change of daylight saving time moves
 * the instant, not the hour on the shop's clock. A paused source has no next run.
 *
 * Pure of the wall clock: the scheduler passes its own `now` (a fake clock in tests).
 */
import { Cron } from 'croner';
import type { StockSource } from '../../../db/tables.ts';

type Schedule = Pick<StockSource, 'scheduleKind' | 'intervalMinutes' | 'times' | 'paused'>;

export function nextRunAfter(s: Schedule, from: number, timeZone: string): Date | null {
  if (s.paused) return null;
  if (s.scheduleKind === 'interval') return new Date(from + (s.intervalMinutes ?? 60) * 60_000);
  let next: Date | null = null;
  for (const t of s.times) {
    const [h, m] = t.split(':').map(Number);
    const at = new Cron(`${m} ${h} * * *`, { timezone: timeZone, paused: true }).nextRun(new Date(from));
    if (at && (!next || at < next)) next = at;
  }
  return next;
}
