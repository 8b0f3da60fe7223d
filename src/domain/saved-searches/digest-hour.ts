/**
 * When a daily digest is due: the latest moment at or before `now` whose local time in
 * `timeZone` is `hour`:00. A digest is due once that moment is later than the last digest, so
 * it goes out at the chosen local hour (or as soon after as the shop runs), across daylight
 * saving changes. An hour that a spring change skips counts from the first local moment after.
 */

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, f);
  }
  return f;
}

function localParts(ms: number, timeZone: string): Parts {
  const out: Record<string, number> = {};
  for (const p of formatOf(timeZone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  return out as Parts;
}

/** How far local time is ahead of UTC at `ms`, in ms. */
function offsetAt(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
}

/** The UTC moment of a local wall time (the later reading when it is ambiguous, the next valid one when skipped). */
function fromLocal(year: number, month: number, day: number, hour: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour);
  let guess = wall - offsetAt(wall, timeZone);
  guess = wall - offsetAt(guess, timeZone);
  return guess;
}

/** Is `timeZone` an IANA zone this runtime knows? */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatOf(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The latest moment at or before `now` at local `hour`:00 in `timeZone`. */
export function lastDigestMoment(now: number, hour: number, timeZone: string): number {
  const p = localParts(now, timeZone);
  let at = fromLocal(p.year, p.month, p.day, hour, timeZone);
  if (at > now) {
    const y = new Date(Date.UTC(p.year, p.month - 1, p.day) - 86_400_000);
    at = fromLocal(y.getUTCFullYear(), y.getUTCMonth() + 1, y.getUTCDate(), hour, timeZone);
  }
  return at;
}

/** Is a digest due at `now`, the last one (or the search's creation) having been at `since`? */
export const digestDue = (now: number, since: number, hour: number, timeZone: string): boolean =>
  lastDigestMoment(now, hour, timeZone) > since;
