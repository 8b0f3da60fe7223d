/**
 * The pager the server draws into the list page with its first rows (pager-markup.ts) is the
 * markup React renders for the same values (Pager.tsx), so the first paint shows the right
 * pager and the island's hydration finds what it renders: checked against react-dom/server's
 * own output for a sample of totals, page sizes and places.
 */
import fc from 'fast-check';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageCount, PAGE_SIZES } from '../../../src/domain/catalogue/index.ts';
import { drawPager, type DrawnPager } from '../../../src/islands/catalogue/pager-markup.ts';
import { Pager, pagerShows } from '../../../src/islands/catalogue/Pager.tsx';

type Shown = { page: number; totalPages: number; totalDocs: number | null; limit: number };
const render = (p: Shown) =>
  renderToString(createElement(Pager, { ...p, idPrefix: 'cat-top', busy: true, onPage: () => {}, onLimit: () => {} }));
/** the pager as the page is built: nothing known yet */
const BUILT = `<div class="cat-toolbar">${render({ page: 1, totalPages: 1, totalDocs: null, limit: PAGE_SIZES[0] })}</div>`;

const drawn = fc
  .record({
    total: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 2_000_000 })),
    pageSize: fc.constantFrom(...PAGE_SIZES),
    at: fc.nat(),
  })
  .map(({ total, pageSize, at }): DrawnPager => {
    const pages = pageCount(total, pageSize);
    return { total, pageSize, pages, page: 1 + (at % pages) };
  });

describe('the pager drawn with the first rows', () => {
  it('is what React renders for the same values', () => {
    expect(BUILT).toContain('Loading stock…');
    fc.assert(
      fc.property(drawn, (p) => {
        const shown = { page: p.page, totalPages: p.pages, totalDocs: p.total, limit: p.pageSize };
        expect(drawPager(BUILT, p)).toBe(`<div class="cat-toolbar">${render(shown)}</div>`);
      }),
    );
  });

  it('leaves a page without a pager as it is', () => {
    const page = '<main><p>No pager here</p></main>';
    expect(drawPager(page, { total: 5, page: 1, pages: 1, pageSize: 25 })).toBe(page);
  });

  it('is what the island shows while it hydrates, then for its own page size, then its results', () => {
    const p: DrawnPager = { total: 1234, page: 1, pages: 13, pageSize: 100 };
    const loading = { shown: false, page: 1, pages: 1, total: 0 };
    expect(pagerShows(loading, 25, p, false)).toEqual({ page: 1, totalPages: 13, totalDocs: 1234, limit: 100 });
    expect(pagerShows(loading, 25, p, true)).toEqual({ page: 1, totalPages: 50, totalDocs: 1234, limit: 25 });
    expect(pagerShows(loading, 25, null, true)).toEqual({ page: 1, totalPages: 1, totalDocs: null, limit: 25 });
    const results = { shown: true, page: 2, pages: 7, total: 650 };
    expect(pagerShows(results, 100, p, true)).toEqual({ page: 2, totalPages: 7, totalDocs: 650, limit: 100 });
  });
});
