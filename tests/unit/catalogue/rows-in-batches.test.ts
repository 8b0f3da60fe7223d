/**
 * The island's table draws a page of new rows the first screen at once and the rest a few a
 * frame (islands/catalogue/rows-in-batches.ts); rows that stay the same stones in the same places
 * are never drawn back in. While it draws, a collapsed sizer holds the columns at the whole
 * page's widths (table-markup.ts `batchSizerRows`).
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { drawnNext, type Drawn } from '../../../src/islands/catalogue/rows-in-batches.ts';
import { batchSizerRows, FIRST_SCREEN_ROWS } from '../../../src/islands/catalogue/table-markup.ts';
import { stone, traderColumns } from './factory.ts';

const rows = (ids: number[]) => ids.map((_id) => ({ _id }));
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
const page = (ids: number[], count = ids.length, body = 0): Drawn<{ _id: number }> => ({
  docs: rows(ids),
  count,
  body,
  batched: count < ids.length,
});

describe('what the table draws at once after a change', () => {
  it('a page of new stones: the first screen, in a new body', () => {
    const next = drawnNext(page(range(1, 100), 100, 3), rows(range(500, 100)));
    expect(next).toMatchObject({ count: FIRST_SCREEN_ROWS, body: 4, batched: true });
  });

  it('the same stones in the same places (a live price or hold): every row it had drawn, in the same body', () => {
    expect(drawnNext(page(range(1, 100), 100, 2), rows(range(1, 100)))).toMatchObject({
      count: 100,
      body: 2,
      batched: false,
    });
    // still drawing the last change: it goes on from where it was
    expect(drawnNext(page(range(1, 100), 42, 2), rows(range(1, 100)))).toMatchObject({ count: 42, body: 2 });
  });

  it('a page whose first rows stay: those rows, then the rest in batches; a short page at once', () => {
    const next = rows([...range(1, 30), ...range(900, 70)]);
    expect(drawnNext(page(range(1, 100)), next)).toMatchObject({ count: 30, body: 0 });
    expect(drawnNext(page(range(1, 100)), rows(range(700, 5)))).toMatchObject({ count: 5, body: 1 });
  });

  it('never draws more rows than the page has, nor fewer than its first screen', () =>
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.nat(300), { maxLength: 100 }),
        fc.uniqueArray(fc.nat(300), { maxLength: 100 }),
        fc.nat(100),
        (before, after, drawnBefore) => {
          const { count } = drawnNext(page(before, Math.min(drawnBefore, before.length)), rows(after));
          expect(count).toBeLessThanOrEqual(after.length);
          expect(count).toBeGreaterThanOrEqual(Math.min(FIRST_SCREEN_ROWS, after.length));
        },
      ),
    ));
});

describe('the sizer while the rest are drawn in', () => {
  const ctx = traderColumns('USD', [{ currency: 'USD', ExRate: 1, default: true }]);
  const cheap = range(1, FIRST_SCREEN_ROWS).map((i) => stone({ _id: i, price: 900 }));

  it('holds each cell of the rows to come that is wider than the drawn ones, its figures as 0', () => {
    const dear = stone({ _id: 99, price: 1_234_567 });
    const sizer = batchSizerRows([...cheap, dear], ctx, FIRST_SCREEN_ROWS);
    expect(sizer).toContain('$0,000,000');
    expect(sizer).not.toMatch(/[1-9]/);
    expect(sizer.match(/<tr>/g)).toHaveLength(1);
  });

  it('is empty when every row is drawn, or the rows to come are as wide as those drawn', () => {
    expect(batchSizerRows(cheap, ctx, FIRST_SCREEN_ROWS)).toBe('');
    expect(batchSizerRows([...cheap, stone({ _id: 99, price: 900 })], ctx, FIRST_SCREEN_ROWS)).toBe('');
  });
});
