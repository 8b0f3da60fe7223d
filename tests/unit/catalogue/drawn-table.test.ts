/**
 * The rows the server drew stand for the island's table only while the island would show just
 * them (islands/catalogue/drawn-table.ts): any change of rows, order, content, columns, prices,
 * sort, an open row, a tick, a hold or a stone gone hands the place to the island's own table.
 */
import { describe, expect, it } from 'vitest';
import type { FirstPage } from '../../../api/services/catalogue/first-page.ts';
import type { ColumnContext } from '../../../src/islands/catalogue/columns.tsx';
import { drawnStands, sameValue, type DrawnRows, type TableView } from '../../../src/islands/catalogue/drawn-table.ts';
import { stone, traderColumns } from './factory.ts';

const docs = [1, 2, 3].map((i) => stone({ _id: i, StkCodeCalcNS: `FT-${i}`, price: 1000 * i }));
const rates = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.27 },
];
const drawn: DrawnRows = {
  page: { audience: 'trade', address: '/diamonds/all', tab: 0, docs } as unknown as FirstPage,
  prices: { ccy: 'USD', rates },
  sort: { column: 'price', direction: 'asc' },
};
const ctx: ColumnContext = traderColumns(
  'USD',
  [...rates].reverse().map((r) => ({ ...r })),
);
const view: TableView = {
  // the island's own copies of the same stones, keys in another order
  docs: docs.map((d) => Object.fromEntries(Object.entries(d).reverse()) as typeof d),
  ctx,
  sort: { column: 'price', direction: 'asc' },
  tab: 0,
  openRow: null,
  ticked: new Set(),
  liveState: () => null,
};

describe('the drawn rows standing for the island table', () => {
  it('stand while the island would show the same stones, unchanged, in the same columns and prices', () => {
    expect(drawnStands(drawn, view)).toBe(true);
  });

  it.each<[string, Partial<TableView>]>([
    ['another order', { docs: [view.docs[1]!, view.docs[0]!, view.docs[2]!] }],
    ['one stone fewer', { docs: view.docs.slice(0, 2) }],
    ['a stone changed (on hold)', { docs: [{ ...view.docs[0]!, StkWebAvailable: 2 }, ...view.docs.slice(1)] }],
    ['another sort', { sort: { column: 'weight', direction: 'asc' } }],
    ['another tab', { tab: 1 }],
    ['a row open', { openRow: 2 }],
    ['a row ticked', { ticked: new Set([3]) }],
    ['a stone gone', { liveState: (id) => (id === 1 ? 'Left the stock' : null) }],
    ['a stone on hold', { liveState: (id) => (id === 3 ? 'On hold' : null) }],
    ['another currency', { ctx: { ...ctx, ccy: 'GBP' } }],
    ['another rate', { ctx: { ...ctx, rates: [rates[0]!, { currency: 'USD', ExRate: 1.3 }] } }],
    ['measurements hidden', { ctx: { ...ctx, measurements: false } }],
    ['signed out', { ctx: { ...ctx, authorised: false } }],
    ['the site names availability otherwise', { ctx: { ...ctx, labels: { ...ctx.labels, 1: 'In the safe' } } }],
  ])('give way for %s', (_, change) => {
    expect(drawnStands(drawn, { ...view, ...change })).toBe(false);
  });

  it('give way when the server drew none', () => {
    expect(drawnStands(null, view)).toBe(false);
  });

  it('compare values whatever the order of keys, and not loosely', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameValue([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(sameValue({ a: null }, { a: 0 })).toBe(false);
  });
});
