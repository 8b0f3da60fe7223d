/**
 * The list page (/diamonds/all and the addresses its shell serves) as the server sends it: the
 * built page with the first page of rows of the address asked for drawn into the table's place
 * (the markup of table-markup.ts, the island's own columns and classes), and that page's data
 * as a JSON script at the build's mark, which the page's inline script hands to the island.
 *
 * - Rows: `catalogueFirstPage` (the domain's `addressPage`, the rule the island draws with),
 *   and with them the pager's total, place and page size (pager-markup.ts),
 *   for a desktop's width, or a phone's when the browser says it is one (`Sec-CH-UA-Mobile`).
 *   A default-sized page 1 drawn for a desktop shows its first 25 rows on a narrower screen
 *   (`data-drawn="wide"`, table.css), which are that screen's own first page; a later page of
 *   a default size is left to the browser (which page it is depends on the screen).
 * - A visitor gets rows without prices, `Cache-Control: public, max-age=60` and `Vary: Cookie`.
 *   A trader gets their prices, in their own currency, with `private, no-store`. Either page's
 *   rows are kept here, in this process only (by build, set version, width and address, and for
 *   a trader by account and prices too), so a page asked for again is not drawn again.
 * - The page's frame for the viewer (list-page-frame.ts): counts, badges, who is looking for the
 *   CSS, a signed-in person's initials; so nothing moves as the island takes over.
 * - Anything that fails (the database away) sends the page as built: its script asks for the
 *   rows itself.
 */
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Db } from '../../../db/client.ts';
import { exchangeRates } from '../../../db/tables.ts';
import { keepRecent } from '../../lib/recent.ts';
import {
  defaultPageSize,
  LARGE_SCREEN_MIN_WIDTH,
  PAGE_SIZES,
  viewFromParams,
} from '../../../src/domain/catalogue/index.ts';
import { defaultCurrency } from '../../../src/domain/money.ts';
import { drawPager, type DrawnPager } from '../../../src/islands/catalogue/pager-markup.ts';
import {
  FIRST_ROWS_MARK,
  FIRST_SCREEN_ROWS,
  laterRoomStyle,
  tableHtml,
  type ShownPrices,
} from '../../../src/islands/catalogue/table-markup.ts';
import { rateCurrency } from '../../../src/stores/shown-currency.ts';
import { findSession } from '../accounts/sessions.ts';
import { closingTag } from '../site/block-overlay.ts';
import { bagLines } from '../trade/bag.ts';
import { pageFrame, type Frame } from './list-page-frame.ts';
import { getList } from './lists.ts';
import { cataloguePayload } from './payload.ts';
import { catalogueFirstPage, type FirstPage } from './first-page.ts';
import type { FirstQuery } from './first-page-worker.ts';

/** the table's place in the built page (ListTable's early place) */
const PLACE = /<div class="cat-table-wrap" data-early=""[^>]*>/;
const DESKTOP_WIDTH = 1440;
const PHONE_WIDTH = 390;
const WIDEST = 100_000;
export const VISITOR_CACHE = 'public, max-age=60';
export const TRADER_CACHE = 'private, no-store';
const KEEP = 32;

/** the page's bytes (UTF-8), with the cache headers it goes with */
export type DrawnPage = { body: Uint8Array<ArrayBuffer>; cacheControl: string; vary: string };
type Viewer = {
  authorised: boolean;
  currency: string | null;
  person: { id: number; firstName: string; lastName: string } | null;
};

/** The viewport widths whose first page of `search` is the one drawn at `width`. */
export function widthsLike(search: string, width: number): [number, number] {
  const params = new URLSearchParams(search);
  const [a, b] = [PAGE_SIZES[0], PAGE_SIZES[PAGE_SIZES.length - 1]!];
  const named =
    viewFromParams(params, { pageSize: a, tab: 0 }).pageSize ===
    viewFromParams(params, { pageSize: b, tab: 0 }).pageSize;
  if (named) return [0, WIDEST];
  return width >= LARGE_SCREEN_MIN_WIDTH ? [LARGE_SCREEN_MIN_WIDTH, WIDEST] : [0, LARGE_SCREEN_MIN_WIDTH - 1];
}

/** JSON inside a <script> element: nothing in it can end the element or open a comment. */
const scriptJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/** The built page with the rows and their data in it (the page as built when it has no place for them). */
export function drawFirstRows(
  html: string,
  first: FirstPage,
  prices: ShownPrices | null,
  width: number,
  search: string,
): string {
  const place = PLACE.exec(html);
  if (!place || !html.includes(FIRST_ROWS_MARK)) return html;
  const widths = widthsLike(search, width);
  const sized = widths[0] === 0 && widths[1] === WIDEST; // the address names its page size
  // a later page of a default size differs by screen: the browser asks for its own
  const drawn = first.docs.length > 0 && !(first.page > 1 && !sized);
  const end = closingTag(html, 'div', place.index + place[0].length);
  // the pager drawn with the rows: the page's data tells the island what it shows
  const pager: DrawnPager | null =
    drawn && end >= 0
      ? {
          total: first.total,
          page: first.page,
          pages: first.pages,
          pageSize: viewFromParams(new URLSearchParams(search), { pageSize: defaultPageSize(width), tab: first.tab })
            .pageSize,
        }
      : null;
  // with the prices its rows show in, which the rows drawn in later show in too (early-table.ts)
  const data = `<script type="application/json" id="catalogue-first-data">${scriptJson({ widths, page: first, pager, prices })}</script>`;
  if (!pager) return html.replace(FIRST_ROWS_MARK, () => data);
  const wide = !sized && widths[0] === LARGE_SCREEN_MIN_WIDTH;
  const drawnAs = ` data-drawn="${wide ? 'wide' : ''}"`;
  const room = ` style="${laterRoomStyle(first.docs.length, FIRST_SCREEN_ROWS, wide)}"`;
  const table = tableHtml(first, prices, FIRST_SCREEN_ROWS) + DRAWN_END;
  // the table goes in at its place in the page as built, then the data at its mark
  const page = html.slice(0, place.index) + place[0].replace(/>$/, `${drawnAs}${room}>`) + table + html.slice(end);
  return holdRenderForRows(
    drawPager(
      page.replace(FIRST_ROWS_MARK, () => data),
      pager,
    ),
  );
}

/**
 * The table's columns are as wide as their widest cell: a frame painted while the browser had
 * parsed only some of the rows would widen columns as the rest came (a layout shift). The page
 * asks the browser not to render before the end of the drawn rows has been parsed (an
 * `expect` link that blocks rendering until the marker after the table is in the document).
 */
const DRAWN_END_ID = 'cat-drawn-end';
const DRAWN_END = `<i id="${DRAWN_END_ID}" hidden></i>`;
const holdRenderForRows = (html: string) =>
  html.replace('</head>', () => `<link rel="expect" href="#${DRAWN_END_ID}" blocking="render"></head>`);

async function pricesFor(db: Db, currency: string | null): Promise<ShownPrices> {
  const rates = (await db.select().from(exchangeRates)).map((r) => ({
    currency: r.currency,
    ExRate: r.exRate,
    default: r.isDefault,
  }));
  return { ccy: rateCurrency(rates, currency) ?? defaultCurrency(rates), rates };
}

export type ListPageDeps = { db: Db; cookieName: string; now: () => number };

/** A drawn page as kept: the built page it was drawn into, and a visitor's copy with its frame once asked for. */
type KeptPage = {
  built: string;
  counts: FirstPage['counts'];
  /** the page's frame, drawn for each viewer (list-page-frame.ts) */
  frame: (frame: Frame) => Uint8Array<ArrayBuffer>;
  visitor?: Uint8Array<ArrayBuffer>;
};

/** Draws the list page for one request; `html` is the built page (with any block overlay). */
export function listPageDrawer(deps: ListPageDeps) {
  // drawn pages by build, set version, width, address and, for a trader, account and prices
  // (a visitor's frame names no one: it is drawn once for each kept page)
  const kept = new Map<string, KeptPage>();
  async function viewer(c: Context): Promise<Viewer> {
    const token = getCookie(c, deps.cookieName);
    const found = token ? await findSession(deps.db, token, deps.now()) : null;
    return found
      ? { authorised: true, currency: found.user.currency ?? null, person: found.user }
      : { authorised: false, currency: null, person: null };
  }
  /** The built page with the first rows of `q` drawn in, kept under `key` (the set's version and what the page shows). */
  async function drawn(
    html: string,
    key: string,
    q: FirstQuery,
    prices: ShownPrices | null,
    account: number | null,
  ): Promise<KeptPage> {
    const hit = kept.get(key);
    if (hit && hit.built === html) return hit;
    const first = await catalogueFirstPage(deps.db, q, account);
    const rows = drawFirstRows(html, first, prices, q.width, q.search);
    return keepRecent(kept, key, { built: html, counts: first.counts, frame: pageFrame(rows) }, KEEP);
  }
  return async (c: Context, html: string): Promise<DrawnPage> => {
    const url = new URL(c.req.url);
    const width = c.req.header('sec-ch-ua-mobile') === '?1' ? PHONE_WIDTH : DESKTOP_WIDTH;
    const vary = 'Cookie, Sec-CH-UA-Mobile';
    try {
      const who = await viewer(c);
      const q = { authorised: who.authorised, path: url.pathname, search: url.search, width };
      const address = `${width}|${url.pathname}${url.search}`;
      if (who.authorised) {
        const { firstName, lastName, id } = who.person!;
        const [{ etag }, prices, bag, fav, compare] = await Promise.all([
          cataloguePayload(deps.db, 'trade'),
          pricesFor(deps.db, who.currency),
          bagLines(deps.db, id),
          getList(deps.db, id, 'favourites'),
          getList(deps.db, id, 'compare'),
        ]);
        // the page's data names the account (the browser keeps its set under it) and its prices
        const page = await drawn(html, `${etag}|${id}|${JSON.stringify(prices)}|${address}`, q, prices, id);
        const lists = { bag: bag.length, fav: fav.ids.length, compare: compare.ids.length };
        const frame: Frame = { viewer: 'trade', counts: page.counts, person: { firstName, lastName, ...lists } };
        return { body: page.frame(frame), cacheControl: TRADER_CACHE, vary };
      }
      const { etag } = await cataloguePayload(deps.db, 'visitor');
      const page = await drawn(html, `${etag}|${address}`, q, null, null);
      page.visitor ??= page.frame({ viewer: 'visitor', counts: page.counts, person: null });
      return { body: page.visitor, cacheControl: VISITOR_CACHE, vary };
    } catch {
      // the page as built: its own script asks for the rows
      return { body: Buffer.from(html), cacheControl: 'no-cache', vary };
    }
  };
}

export type ListPageDraw = ReturnType<typeof listPageDrawer>;
