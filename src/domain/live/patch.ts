/**
 * The one way the loaded catalogue set is patched: `applyLiveEvents`. The live stream (and
 * anything else that learns of stock changes after the set was loaded) hands it the stones'
 * events; it answers the new set, never changing the one it was given.
 *
 * - An event whose sequence is not newer than the set's (`seq`) was applied already, or is
 *   out of order: it is ignored, so duplicates after a reconnect are harmless.
 * - A stone in the set: a new row (`price_changed`, `updated`, `back_in_stock`) replaces its
 *   row, so its price, its filters and its sort position follow; `left_stock` keeps the row
 *   but marks it gone (`gone`: the list greys it out and says so) until the list settles.
 * - A stone not in the set: `added` and `back_in_stock` wait in `fresh` (new stones do not jump
 *   into the rows); a change to a stone waiting there updates it; any other event about a
 *   stone the set does not hold (another audience's, or never loaded) changes nothing.
 * - `hold` and `reserved` are overlay state (the trader's $holds), not rows: the set is kept.
 * - `resync`: the set cannot be patched, it must be loaded again (`resync: true` in the answer).
 * - `settle` (the next filter change, or "n new stones match"): gone rows leave the set and
 *   the waiting new stones join it.
 *
 * Replaced rows are written into a copy of the columnar index that shares every column they do
 * not change (replace-rows.ts); settling copies each column once without the gone rows and with
 * the waiting stones after (settle-rows.ts). Only a stone with a field no stone of the set has
 * makes the index be rebuilt from its docs (prepare.ts). Either happens once per call, so callers
 * batch what arrives together (an import sends many). `settlingSteps` settles in short steps, so
 * the copy can be made while the page is idle, before the list settles.
 */
import type { ListDoc } from '../diamond.ts';
import {
  allDocs,
  applyFilters,
  idRows,
  prepareCatalogue,
  replaceRows,
  sameIdRows,
  settleRows,
  settleSteps,
  type CatalogueIndex,
  type FilterContext,
  type FilterState,
  type PriceContext,
} from '../catalogue/index.ts';
import type { LiveResync, LiveStoneEvent } from './events.ts';

export type LiveSet = {
  index: CatalogueIndex;
  /** the newest change-log sequence applied (0: none yet) */
  seq: number;
  /** stones that left the stock, still shown (greyed) until the list settles */
  gone: ReadonlySet<number>;
  /** new stones not in the rows yet, in the order they came */
  fresh: readonly ListDoc[];
};

export type LiveSetEvent = LiveStoneEvent | { resync: LiveResync['reason'] };

export type LivePatch = {
  set: LiveSet;
  /** the rows, gone marks or waiting stones moved (views redraw) */
  changed: boolean;
  /** the set must be loaded again (its overlays read again) */
  resync: boolean;
};

export type LivePatchOptions = {
  /** the prices the index shows (the same as the set it replaces) */
  pricing: PriceContext;
  /** drop the gone rows and take in the waiting new stones */
  settle?: boolean;
};

/** A set just loaded: nothing gone, nothing waiting. */
export const liveSetOf = (index: CatalogueIndex, seq = 0): LiveSet => ({ index, seq, gone: new Set(), fresh: [] });

/** Whether the set holds the stone (shown or gone). */
export const inSet = (set: LiveSet, id: number) => idRows(set.index).has(id);

const ROW_CHANGES = new Set<LiveStoneEvent['change']>(['price_changed', 'updated', 'back_in_stock', 'added']);

export function applyLiveEvents(set: LiveSet, events: readonly LiveSetEvent[], opts: LivePatchOptions): LivePatch {
  const rows = idRows(set.index);
  let seq = set.seq;
  const gone = new Set(set.gone);
  const fresh = new Map(set.fresh.map((d) => [d._id!, d] as const));
  const replace = new Map<number, ListDoc>();
  let marks = false;

  for (const ev of events) {
    if ('resync' in ev) return { set, changed: false, resync: true };
    if (!(ev.seq > seq)) continue;
    seq = ev.seq;
    const inRows = rows.has(ev.id);
    if (ev.change === 'left_stock') {
      if (inRows && !gone.has(ev.id)) {
        gone.add(ev.id);
        marks = true;
      }
      if (fresh.delete(ev.id)) marks = true;
      replace.delete(ev.id);
      continue;
    }
    if (!ROW_CHANGES.has(ev.change)) continue;
    const back = ev.change === 'added' || ev.change === 'back_in_stock';
    if (inRows) {
      if (back && gone.delete(ev.id)) marks = true;
      if (ev.doc) replace.set(ev.id, { ...ev.doc, _id: ev.id });
    } else if (ev.doc && (back || fresh.has(ev.id))) {
      fresh.delete(ev.id); // a stone changed while waiting goes to the end, as it is now
      fresh.set(ev.id, { ...ev.doc, _id: ev.id });
      marks = true;
    }
  }

  const settle = opts.settle === true && (gone.size > 0 || fresh.size > 0);
  if (replace.size === 0 && !settle) {
    const changed = marks;
    return {
      set: changed || seq !== set.seq ? { ...set, seq, gone, fresh: [...fresh.values()] } : set,
      changed,
      resync: false,
    };
  }
  // rows replaced (and, settling, the gone taken out and the waiting added) in place of a rebuild
  const replaced = replaceRows(set.index, new Map([...replace].map(([id, doc]) => [rows.get(id)!, doc])));
  if (replaced && !settle) {
    sameIdRows(set.index, replaced); // the rows stay where they were
    return { set: { index: replaced, seq, gone, fresh: [...fresh.values()] }, changed: true, resync: false };
  }
  const settled = replaced && settleRows(replaced, new Set([...gone].map((id) => rows.get(id)!)), [...fresh.values()]);
  if (settled) return { set: { index: settled, seq, gone: new Set(), fresh: [] }, changed: true, resync: false };
  let docs = allDocs(set.index).map((d) => replace.get(d._id!) ?? d);
  if (settle) docs = docs.filter((d) => !gone.has(d._id!)).concat([...fresh.values()]);
  const index = prepareCatalogue(docs, opts.pricing);
  return {
    set: settle ? { index, seq, gone: new Set(), fresh: [] } : { index, seq, gone, fresh: [...fresh.values()] },
    changed: true,
    resync: false,
  };
}

/**
 * The list settled, as `applyLiveEvents(set, [], { pricing, settle: true })` answers it, in short
 * steps (settleSteps): a caller can spread the work over short tasks ahead of the settle
 * (stores/live.ts), or drop it (nothing given changes).
 */
export function* settlingSteps(set: LiveSet, pricing: PriceContext): Generator<void, LivePatch> {
  if (set.gone.size === 0 && set.fresh.length === 0) return { set, changed: false, resync: false };
  const rows = idRows(set.index);
  const gone = new Set([...set.gone].map((id) => rows.get(id)!));
  const index = yield* settleSteps(set.index, gone, set.fresh);
  if (!index) return applyLiveEvents(set, [], { pricing, settle: true });
  idRows(index); // its stones' rows, for the events after
  return { set: { index, seq: set.seq, gone: new Set(), fresh: [] }, changed: true, resync: false };
}

/**
 * How many of the waiting new stones pass the open filters (the "n new stones match" button),
 * by the list's own filter rule over a small index of just them (with the loaded set's limits).
 */
export function freshMatching(set: LiveSet, filters: FilterState, ctx: FilterContext, pricing: PriceContext): number {
  if (set.fresh.length === 0) return 0;
  // a slider is applied when narrower than the loaded set's own limits, as in the list itself
  const waiting = { ...prepareCatalogue(set.fresh, pricing), bounds: set.index.bounds };
  return applyFilters(waiting, filters, ctx).length;
}
