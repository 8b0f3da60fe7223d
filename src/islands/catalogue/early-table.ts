/**
 * The list's first rows before React has started (decision 004): the page's own script paints
 * the first page (the browser's kept copy at once, then the server's answer) into the table's
 * place, as plain markup with the same columns, classes and labels as the React table
 * (column-layout.ts), so when the island takes over with the same rows nothing moves.
 *
 * It paints only into `.cat-table-wrap[data-early]`, the place the island leaves alone until it
 * has rows of its own; once the island has replaced it there is nothing left to paint into.
 * The buttons in these rows only work once the island has taken over (a click before is lost,
 * as on any page still loading).
 */
import { defaultPageSize } from '../../domain/catalogue/list-state.ts';
import { viewFromParams } from '../../domain/catalogue/url-state.ts';
import { PARCELS_TAB } from '../../domain/catalogue/tabs.ts';
import { isParcel, shapeImage, type ListDoc, type Range } from '../../domain/diamond.ts';
import { routes } from '../../domain/routes.ts';
import {
  displayPrice,
  formatMeasurements,
  formatRange,
  formatSize,
  formatWeight,
  MISSING,
  priceParts,
  pricePerCarat,
  type Money,
} from '../../domain/money.ts';
import {
  askedFirstPage,
  askedSite,
  keepFirstPage,
  readKept,
  type KeptPrices,
  type ShownFirst,
} from '../../stores/catalogue-first.ts';
import type { SiteData } from '../../stores/site.ts';
import { shownCurrency, storedCurrency } from '../../stores/shown-currency.ts';
import {
  abbreviated,
  availabilityText,
  cellClass,
  columnLayout,
  infoLabel,
  DEFAULT_AVAILABILITY_LABELS,
  RANGE_COLUMNS,
  shapeName,
  type ColumnId,
  type LayoutColumn,
} from './column-layout.ts';

export const EARLY_SELECTOR = '.cat-table-wrap[data-early]';

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (v: unknown) => String(v ?? '').replace(/[&<>"']/g, (c) => ESC[c]!);
const attrs = (a: Record<string, string | number | undefined>) =>
  Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${esc(v)}"`)
    .join('');

function money(fn: () => Money | null): string {
  let m: Money | null = null;
  try {
    m = fn();
  } catch {
    m = null; // no rate for that currency here yet: the island shows it
  }
  if (!m) return `<span class="cat-missing">${MISSING}</span>`;
  const p = priceParts(m.amount, m.ccy);
  return `<span class="cat-price">${esc(p.sign + p.symbol + p.whole)}<small>.${esc(p.cents)}</small></span>`;
}

function rangeCell(d: ListDoc, id: ColumnId): string {
  const { key, scale } = RANGE_COLUMNS[id]!;
  const r = d[key] as Range | null | undefined;
  if (!scale) return esc(formatRange(r));
  const a = abbreviated(r, scale);
  return a ? `<abbr title="${esc(a.title)}">${esc(a.text)}</abbr>` : MISSING;
}

type Cell = (d: ListDoc, p: KeptPrices) => string;
const CELLS: Record<ColumnId, Cell> = {
  tick: (d) =>
    `<label class="dl-tick"><input type="checkbox"><span class="sr-only">Tick ${esc(d.StkCodeCalcNS)} for download</span></label>`,
  shape: (d) =>
    `<a class="cat-shape" href="${routes.diamond(d._id)}"><img${attrs({ src: shapeImage(d.StkShape, d.StkCatType), alt: '', width: 44, height: 44, loading: 'lazy', decoding: 'async' })}>` +
    `<span class="cat-shape__text"><span class="cat-shape__name">${esc(shapeName(d.StkShape))}` +
    (Number(d.WebSpecial) > 0 ? '<span class="badge badge--accent cat-shape__badge">Offer</span>' : '') +
    `</span><span class="cat-shape__code">${esc(d.StkCodeCalcNS)}</span></span></a>`,
  weight: (d) =>
    isParcel(d.StkCatType)
      ? `<span class="cat-weight"><span>${esc(formatWeight(d.STWeight))}</span><span class="cat-weight__size">${esc(formatSize(d.Size))} each</span></span>`
      : esc(formatWeight(d.STWeight)),
  colour: (d) => rangeCell(d, 'colour'),
  clarity: (d) => rangeCell(d, 'clarity'),
  cut: (d) => rangeCell(d, 'cut'),
  polish: (d) => rangeCell(d, 'polish'),
  symmetry: (d) => rangeCell(d, 'symmetry'),
  fluor: (d) => rangeCell(d, 'fluor'),
  measurements: (d) => esc(formatMeasurements(d.StkMes1, d.StkMes2, d.StkMes3)),
  lab: (d) => esc(d.StkCertSup || MISSING),
  ppc: (d, p) => money(() => pricePerCarat(d, p.ccy, p.rates)),
  br: (d) => (d.RAP == null ? MISSING : `${d.RAP.toFixed(1)}%`),
  price: (d, p) => money(() => displayPrice(d, p.ccy, p.rates)),
  lockedPrice: () => '<span class="cat-locked">Sign in for prices</span>',
  availability: (d) => esc(availabilityText(d.StkWebAvailable, DEFAULT_AVAILABILITY_LABELS)),
  info: (d) =>
    `<button type="button" class="cat-info" aria-expanded="false" aria-controls="cat-row-${d._id}" aria-label="${esc(infoLabel(d.StkCodeCalcNS, false))}">` +
    '<span class="cat-info__text" aria-hidden="true">Details</span>' +
    '<svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.5" aria-hidden="true"><path d="M6 9l6 6 6-6"></path></svg></button>',
};

function headerCell(c: LayoutColumn, sort: { column: string; direction: 'asc' | 'desc' }): string {
  const m = c.meta;
  if (c.id === 'tick')
    return `<th${attrs({ scope: 'col', class: cellClass(m) })}><span class="sr-only">${esc(c.header)}</span></th>`;
  if (!m.sort) return `<th${attrs({ scope: 'col', class: cellClass(m) })}>${esc(c.header)}</th>`;
  const active = sort.column === m.sort;
  const ariaSort = active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;
  const arrow = active ? (sort.direction === 'asc' ? '↑' : '↓') : '↕';
  return (
    `<th${attrs({ scope: 'col', class: cellClass(m), 'aria-sort': ariaSort })}>` +
    `<button type="button" class="cat-sort${active ? ' is-active' : ''}">${esc(c.header)}<span class="cat-sort__arrow" aria-hidden="true">${arrow}</span></button></th>`
  );
}

/** The whole table for a first page, as markup. */
export function earlyTableHtml(first: ShownFirst, prices: KeptPrices | null, origin: string): string {
  const authorised = first.audience === 'trade';
  const layout = columnLayout({
    authorised,
    measurements: true,
    availability: true,
    parcels: first.tab === PARCELS_TAB,
  });
  const url = new URL(first.address, origin);
  const sort = viewFromParams(url.searchParams, { pageSize: 25, tab: first.tab }).sort;
  const p = prices ?? { ccy: first.ccy ?? 'GBP', rates: [] };
  const docs = first.docs;
  const rows = docs.map((d) => {
    const cls = Number(d.WebSpecial) > 0 ? ' class="is-special"' : '';
    const cells = layout.map(
      (c) => `<td${attrs({ 'data-label': c.meta.label, class: cellClass(c.meta) })}>${CELLS[c.id](d, p)}</td>`,
    );
    return `<tr${cls}>${cells.join('')}</tr>`;
  });
  return (
    `<table class="data-table cat-table"><caption class="sr-only">Diamonds, page ${first.page} of ${first.pages}</caption>` +
    `<thead><tr>${layout.map((c) => headerCell(c, sort)).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`
  );
}

/** The table's place once the page has been parsed past the whole island (this may run earlier). */
function placed(): Element | null {
  const place = document.querySelector(EARLY_SELECTOR);
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
    if (place.isConnected && place.matches(EARLY_SELECTOR))
      place.innerHTML = earlyTableHtml(first, prices, location.origin);
  });
}

/** The currency the list shows prices in (this browser's chosen one if the site has it, else the site's), and the rates. */
const pricesOf = (site: SiteData | null): KeptPrices | null =>
  site ? { ccy: shownCurrency(site, storedCurrency()), rates: site.fxrates } : null;

/**
 * Paints the kept copy at once, then the server's answer when it (and the site's rates) are here,
 * and keeps that answer for the next visit (a signed-in page with the currency it showed in).
 */
export function paintFirstRows(): void {
  const size = defaultPageSize(innerWidth);
  const kept = readKept(location, size);
  if (kept) paint({ ...kept.page, kept: true }, kept.prices);
  void Promise.all([askedFirstPage(), askedSite()]).then(([page, site]) => {
    if (!page) return;
    const prices = page.audience === 'trade' ? pricesOf(site ?? null) : null;
    keepFirstPage(location, size, page, prices);
    paint(page, prices);
  });
}
