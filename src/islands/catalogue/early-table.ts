/**
 * The list's first rows before React has started (decision 004): the server draws them into the
 * page's HTML (api/services/catalogue/list-page.ts); where it did not (or drew them for another
 * screen size), the page's own script paints the first page (the browser's kept copy at once,
 * then the server's answer) into the table's place, as plain markup with the same columns,
 * classes and labels as the React table (table-markup.ts), so when the island takes over with
 * the same rows nothing moves.
 *
 * It paints only into `.cat-table-wrap[data-early]`, the place the island leaves alone until it
 * has rows of its own; once the island has replaced it there is nothing left to paint into.
 * The server draws the first screen of rows; the rest of its page are drawn in here once the
 * page has painted. A press on these rows before the island has taken over is kept and replayed
 * on the island's same control (drawn-presses.ts).
 */
import {
  askedFirstPage,
  askedSite,
  drawnFirstPage,
  keepFirstPage,
  readKept,
  screenPageSize,
  type KeptPrices,
  type ShownFirst,
} from '../../stores/catalogue-first.ts';
import type { SiteData } from '../../stores/site.ts';
import { shownCurrency, storedCurrency } from '../../stores/shown-currency.ts';
import { DRAWN_PLACE, drawnRows, drawRestLater } from './drawn-table.ts';
import { tableHtml } from './table-markup.ts';

/** The table's place once the page has been parsed past the whole island (this may run earlier). */
function placed(): Element | null {
  const place = document.querySelector(DRAWN_PLACE);
  const whole = document.readyState !== 'loading' || place?.closest('astro-island')?.nextSibling != null;
  return place && whole ? place : null;
}

function whenPlaced(then: (place: Element) => void): void {
  const now = placed();
  if (now || document.readyState !== 'loading') return void (now && then(now));
  const check = () => {
    const place = placed();
    if (!place) return;
    mo.disconnect();
    document.removeEventListener('DOMContentLoaded', check);
    then(place);
  };
  const mo = new MutationObserver(check);
  mo.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', check);
}

function paint(first: ShownFirst | null, prices: KeptPrices | null): void {
  if (!first || first.docs.length === 0) return;
  whenPlaced((place) => {
    // the island may have taken the place over meanwhile
    if (!place.isConnected || !place.matches(DRAWN_PLACE)) return;
    place.innerHTML = tableHtml(first, prices);
    place.removeAttribute('style'); // all its rows are in: no room kept for more
  });
}

/**
 * The server draws only the first screen of its page's rows (and columns as wide as the whole
 * page's); the rest are drawn in from the page's data once it has painted, a few a frame, while
 * the drawn table stands (the island's own table draws them all when it takes over).
 */
function drawLater(): void {
  const drawn = drawnRows();
  if (drawn) drawRestLater(drawn);
}

/** The currency the list shows prices in (this browser's chosen one if the site has it, else the site's), and the rates. */
const pricesOf = (site: SiteData | null): KeptPrices | null =>
  site ? { ccy: shownCurrency(site, storedCurrency()), rates: site.fxrates } : null;

/**
 * Paints the kept copy at once, then the server's answer when it (and the site's rates) are here,
 * and keeps that answer for the next visit (a signed-in page with the currency it showed in).
 * Rows the server drew into the page stand: no kept copy over them, and the page they show is
 * not painted again (only another screen size's answer replaces them).
 */
export function paintFirstRows(): void {
  const size = screenPageSize();
  const drawn = drawnFirstPage();
  if (drawn?.page) drawLater();
  const kept = drawn ? null : readKept(location, size);
  if (kept) paint({ ...kept.page, kept: true }, kept.prices);
  void Promise.all([askedFirstPage(), askedSite()]).then(([page, site]) => {
    if (!page) return;
    const prices = page.audience === 'trade' ? pricesOf(site ?? null) : null;
    keepFirstPage(location, size, page, prices);
    if (page !== drawn?.page) paint(page, prices);
  });
}
