/**
 * The pager's words, and its values drawn into the page's markup by the server: the page as
 * built holds the pager as Pager.tsx renders it before anything is known ("Loading stock…",
 * page 1 of 1, the smallest page size); the server that draws the first rows into the page
 * draws that page's total, place and page size into it too, as Pager.tsx renders them for
 * those values, so the first paint shows the right pager and the island's hydration finds the
 * markup it renders (CatalogueIsland keeps the drawn values until it knows its own). No DOM:
 * the server runs it.
 */
const count = new Intl.NumberFormat('en-GB');

/** a number of stones or pages as the pager shows it */
export const pagerCount = (n: number) => count.format(n);
export const stonesWord = (n: number) => (n === 1 ? 'stone' : 'stones');

/** what the server drew into the pager (the page's data carries it to the island) */
export type DrawnPager = { total: number; page: number; pages: number; pageSize: number };

/** where a page stands: the last page (at least 1), and whether it is the first or the last */
export function pagerPlace(page: number, pages: number) {
  const last = Math.max(1, pages);
  return { last, atStart: page <= 1, atEnd: page >= last };
}

const NAV = /<nav class="cat-pager"[^>]*>[\s\S]*?<\/nav>/;
/** each step button, and the end of the pages that disables it */
const STEPS: [label: string, end: 'atStart' | 'atEnd'][] = [
  ['First page', 'atStart'],
  ['Previous page', 'atStart'],
  ['Next page', 'atEnd'],
  ['Last page', 'atEnd'],
];

/** The page with the first pager's values drawn in (the page as it is when it has no pager). */
export function drawPager(html: string, p: DrawnPager): string {
  const place = pagerPlace(p.page, p.pages);
  return html.replace(NAV, (nav) => {
    let out = nav
      .replace(
        /(<p class="cat-pager__total">)[^<]*(<\/p>)/,
        (_, open: string, close: string) =>
          `${open}<strong>${pagerCount(p.total)}</strong> <!-- -->${stonesWord(p.total)}${close}`,
      )
      .replace(/ selected=""/g, '')
      .replace(`<option value="${p.pageSize}">`, `<option value="${p.pageSize}" selected="">`)
      .replace(
        /(Page <strong>)[^<]*(<\/strong> of <!-- -->)[^<]*/,
        (_, a: string, b: string) => `${a}${p.page}${b}${pagerCount(place.last)}`,
      );
    for (const [label, end] of STEPS)
      out = out.replace(
        new RegExp(`(<button type="button" class="cat-pager__btn")(?: disabled="")?( aria-label="${label}")`),
        (_, a: string, b: string) => `${a}${place[end] ? ' disabled=""' : ''}${b}`,
      );
    return out;
  });
}
