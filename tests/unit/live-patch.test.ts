/**
 * Live stock: how the stream's events patch the loaded set (src/domain/live/patch.ts), the one
 * way the set is patched, and the trader's hold overlay (src/domain/live/holds.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  allDocs,
  defaultFilters,
  filterAndSort,
  prepareCatalogue,
  rowsToDocs,
  type PriceContext,
} from '../../src/domain/catalogue/index.ts';
import type { BagLineView } from '../../src/domain/bag/view.ts';
import type { DiamondDoc } from '../../src/domain/diamond.ts';
import { bagLineWarnings, patchBagLines } from '../../src/domain/live/bag.ts';
import type { LiveStoneEvent } from '../../src/domain/live/events.ts';
import { patchHolds } from '../../src/domain/live/holds.ts';
import {
  applyLiveEvents,
  freshMatching,
  inSet,
  liveSetOf,
  settlingSteps,
  type LiveSet,
} from '../../src/domain/live/patch.ts';
import type { HoldState } from '../../src/domain/trade/holds.ts';
import { RATES, stone } from './catalogue/factory.ts';

const pricing: PriceContext = { ccy: 'USD', rates: RATES };
const a = stone({ _id: 101, STWeight: 0.3, price: 1000, ExWebTotal: 1000 });
const b = stone({ _id: 102, price: 2000, ExWebTotal: 2000 });
const c = stone({ _id: 103, STWeight: 5, price: 3000, ExWebTotal: 3000 });
const loaded = () => liveSetOf(prepareCatalogue([a, b, c], pricing), 10);

const ev = (seq: number, id: number, change: LiveStoneEvent['change'], doc?: DiamondDoc): LiveStoneEvent => ({
  seq,
  id,
  code: `FT${id}`,
  change,
  ...(doc ? { doc } : {}),
});
const apply = (set: LiveSet, events: Parameters<typeof applyLiveEvents>[1], settle = false) =>
  applyLiveEvents(set, events, { pricing, settle });
const byPrice = (set: LiveSet, direction: 'asc' | 'desc' = 'asc') => {
  const ix = set.index;
  const rows = filterAndSort(
    ix,
    defaultFilters(ix.bounds[0]),
    { column: 'price', direction },
    { tab: 0, authorised: true },
  );
  return rowsToDocs(ix, rows).map((d) => d._id);
};

describe('applying the stream to the loaded set', () => {
  it('a price change replaces the row and moves it when the list sorts by price', () => {
    const set = loaded();
    expect(byPrice(set)).toEqual([101, 102, 103]);
    const { set: next, changed } = apply(set, [ev(11, 101, 'price_changed', { ...a, price: 5000, ExWebTotal: 5000 })]);
    expect(changed).toBe(true);
    expect(next.seq).toBe(11);
    expect(byPrice(next)).toEqual([102, 103, 101]);
    expect(byPrice(set)).toEqual([101, 102, 103]); // the set given is left as it was
    // the row was written into a copy of the index, not the index built again: what the change
    // left alone is shared
    expect(next.index.colourLo).toBe(set.index.colourLo);
    expect(next.index.price).not.toBe(set.index.price);
  });

  it('ignores an event older than the set (out of order) and a duplicate', () => {
    const first = apply(loaded(), [ev(12, 102, 'price_changed', { ...b, price: 9000, ExWebTotal: 9000 })]).set;
    const late = apply(first, [ev(11, 102, 'price_changed', { ...b, price: 10, ExWebTotal: 10 })]);
    expect(late.changed).toBe(false);
    expect(late.set).toBe(first);
    const dup = apply(first, [ev(12, 102, 'price_changed', { ...b, price: 10, ExWebTotal: 10 })]);
    expect(dup.set).toBe(first);
    expect(byPrice(first)).toEqual([101, 103, 102]);
  });

  it('an event for a stone outside the loaded set changes no row', () => {
    const set = loaded();
    const out = apply(set, [ev(11, 999, 'price_changed', stone({ _id: 999 })), ev(12, 998, 'left_stock')]);
    expect(out.changed).toBe(false);
    expect(out.set.index).toBe(set.index);
    expect(out.set.seq).toBe(12);
  });

  it('a stone that leaves is greyed (kept, marked gone) and removed when the list settles', () => {
    const { set: greyed } = apply(loaded(), [ev(11, 102, 'left_stock')]);
    expect([...greyed.gone]).toEqual([102]);
    expect(byPrice(greyed)).toEqual([101, 102, 103]);
    const { set: settled } = apply(greyed, [], true);
    expect(settled.gone.size).toBe(0);
    expect(byPrice(settled)).toEqual([101, 103]);
  });

  it('a stone back in stock before the list settled is no longer grey', () => {
    const { set: greyed } = apply(loaded(), [ev(11, 102, 'left_stock')]);
    const { set: back } = apply(greyed, [ev(12, 102, 'back_in_stock', b)]);
    expect(back.gone.size).toBe(0);
  });

  it('new stones wait, are counted against the open filters, and join when shown', () => {
    const big = stone({ _id: 201, STWeight: 3, price: 4000, ExWebTotal: 4000 });
    const small = stone({ _id: 202, STWeight: 0.5, price: 500, ExWebTotal: 500 });
    const { set } = apply(loaded(), [ev(11, 201, 'added', big), ev(12, 202, 'added', small)]);
    expect(set.fresh.map((d) => d._id)).toEqual([201, 202]);
    expect(byPrice(set)).toEqual([101, 102, 103]); // no row jumps in
    const filters = defaultFilters(set.index.bounds[0]);
    const ctx = { tab: 0 as const, authorised: true };
    expect(freshMatching(set, filters, ctx, pricing)).toBe(2);
    expect(freshMatching(set, { ...filters, weight: [0.9, 1.1] }, ctx, pricing)).toBe(0);
    expect(freshMatching(set, { ...filters, price: [0, 1000] }, ctx, pricing)).toBe(1);
    // a waiting stone that leaves again is simply dropped
    const { set: shown } = apply(apply(set, [ev(13, 202, 'left_stock')]).set, [], true);
    expect(byPrice(shown)).toEqual([101, 102, 103, 201]);
  });

  it('settles in steps, made ahead, as it settles at once; the set given is left as it was', () => {
    const big = stone({ _id: 201, STWeight: 3, price: 4000, ExWebTotal: 4000 });
    const { set } = apply(loaded(), [ev(11, 102, 'left_stock'), ev(12, 201, 'added', big)]);
    const steps = settlingSteps(set, pricing);
    let taken = 0;
    let step = steps.next();
    for (; !step.done; step = steps.next()) taken++;
    expect(taken).toBeGreaterThan(5); // the copy is spread over steps, one array each
    const ahead = step.value;
    const atOnce = apply(set, [], true);
    expect(ahead.changed).toBe(true);
    expect(ahead.set.gone.size + ahead.set.fresh.length).toBe(0);
    expect(ahead.set.seq).toBe(12);
    expect(byPrice(ahead.set)).toEqual(byPrice(atOnce.set));
    expect(byPrice(ahead.set, 'desc')).toEqual([201, 103, 101]);
    expect(allDocs(ahead.set.index)).toEqual(allDocs(atOnce.set.index));
    // the settled set knows its rows (made along the steps): a later event finds its stone
    expect(inSet(ahead.set, 201) && !inSet(ahead.set, 102)).toBe(true);
    const later = apply(ahead.set, [ev(13, 201, 'price_changed', { ...big, price: 10, ExWebTotal: 10 })]);
    expect(byPrice(later.set)).toEqual([201, 101, 103]);
    expect(byPrice(set)).toEqual([101, 102, 103]);
    expect([...set.gone]).toEqual([102]);
    // nothing waiting, nothing to settle
    expect(settlingSteps(loaded(), pricing).next()).toMatchObject({ done: true, value: { changed: false } });
  });

  it('a resync asks for the set to be loaded again', () => {
    const set = loaded();
    const r = apply(set, [ev(11, 101, 'left_stock'), { resync: 'gap' }]);
    expect(r.resync).toBe(true);
    expect(r.set).toBe(set);
  });

  it('hold and reserved events leave the rows alone', () => {
    const set = loaded();
    const r = apply(set, [{ ...ev(11, 101, 'hold'), hold: 'other' }]);
    expect(r.changed).toBe(false);
    expect(r.set.index).toBe(set.index);
  });
});

describe("the trader's hold overlay", () => {
  const state: HoldState = { onHold: [5], mine: [], watching: [], requested: [7], reserved: [] };
  it("lays another buyer's hold and a reservation on, and lifts them", () => {
    const on = patchHolds(state, [
      { ...ev(1, 101, 'hold'), hold: 'other' },
      { ...ev(2, 102, 'reserved'), reserved: true },
    ]);
    expect(on).toEqual({ state: { ...state, onHold: [5, 101], reserved: [102] }, refresh: false });
    const off = patchHolds(on.state, [
      { ...ev(3, 5, 'hold'), hold: 'none' },
      { ...ev(4, 102, 'reserved'), reserved: false },
    ]);
    expect(off.state).toEqual({ ...state, onHold: [101] });
  });
  it("reads the overlay again for the trader's own hold; a visitor has none", () => {
    expect(patchHolds(state, [{ ...ev(1, 9, 'hold'), hold: 'mine' }]).refresh).toBe(true);
    expect(patchHolds(null, [{ ...ev(1, 9, 'hold'), hold: 'other' }])).toEqual({ state: null, refresh: false });
  });
});

describe('the bag follows the stream', () => {
  const line = (id: number, doc: DiamondDoc): BagLineView => ({
    diamondId: id,
    type: 'single',
    selectedUnit: 'weight',
    quantity: 1,
    acceptsAlternatives: false,
    inStock: true,
    addedAt: '2026-01-01T00:00:00.000Z',
    stock: doc,
    ccy: 'USD',
    ppc: null,
    itemPrice: null,
  });
  it('takes the new price, remembers the one it had, and marks a stone that left', () => {
    const lines = [line(101, a), line(102, b)];
    const p = patchBagLines(
      lines,
      [ev(11, 101, 'price_changed', { ...a, price: 1200 }), ev(12, 102, 'left_stock')],
      new Map(),
    );
    expect(p.changed).toBe(true);
    expect(p.lines[0]!.stock.price).toBe(1200);
    expect(p.priceWas.get(101)?.price).toBe(1000);
    expect(p.lines[1]!.inStock).toBe(false);
    expect(patchBagLines(lines, [ev(13, 999, 'left_stock')], new Map()).changed).toBe(false);
  });
  it('says each warning in words', () => {
    expect(bagLineWarnings({ inStock: true }, 'theirs', null)).toEqual([
      'On hold for another buyer: it cannot be requested until it is free.',
    ]);
    expect(bagLineWarnings({ inStock: true }, 'reserved', { was: '$1,000.00', now: '$1,200.00' })).toHaveLength(2);
    expect(bagLineWarnings({ inStock: false }, 'theirs', null)[0]).toMatch(/^No longer available/);
    expect(bagLineWarnings({ inStock: true }, 'free', { was: '$1', now: '$1' })).toEqual([]);
  });
});
