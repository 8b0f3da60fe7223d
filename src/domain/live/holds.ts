/**
 * The trader's hold overlay ($holds, GET /holds/state) moved by the stream's stone events:
 * another buyer's hold and another request's reservation are laid on or lifted at once; the
 * trader's own holds (with their end and extend rights) are read again (`refresh`).
 */
import type { HoldState } from '../trade/holds.ts';
import type { LiveStoneEvent } from './events.ts';

export type HoldsPatch = { state: HoldState | null; refresh: boolean };

const withId = (ids: number[], id: number, on: boolean) =>
  on ? (ids.includes(id) ? ids : [...ids, id]) : ids.includes(id) ? ids.filter((x) => x !== id) : ids;

export function patchHolds(state: HoldState | null, events: readonly LiveStoneEvent[]): HoldsPatch {
  if (!state) return { state, refresh: false };
  let next = state;
  let refresh = false;
  for (const ev of events) {
    const ownHold = next.mine.some((h) => h.diamondId === ev.id);
    if (ev.hold === 'mine' || (ev.hold != null && ownHold)) refresh = true;
    if (ev.hold === 'other' || ev.hold === 'none')
      next = { ...next, onHold: withId(next.onHold, ev.id, ev.hold === 'other') };
    if (ev.reserved != null) {
      // the trader's own request keeps the stone as "requested" (its `mine` event reads it again)
      next = { ...next, reserved: withId(next.reserved, ev.id, ev.reserved && !next.requested.includes(ev.id)) };
    }
    if (ev.change === 'left_stock') next = { ...next, onHold: withId(next.onHold, ev.id, false) };
  }
  return { state: next, refresh };
}
