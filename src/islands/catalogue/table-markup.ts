/**
 * The list's table as markup, for a first page: the same columns, headers, classes and labels
 * as the React table (column-layout.ts), so rows drawn before the island (by the server into
 * the page's HTML, or by the page's early script, early-table.ts) are taken over by the
 * island's own table without anything moving. No DOM: the server runs it too.
 */
import type { FirstPage } from '../../../api/services/catalogue/first-page.ts';
import { viewFromParams } from '../../domain/catalogue/url-state.ts';
import { defaultPageSize, LARGE_SCREEN_MIN_WIDTH } from '../../domain/catalogue/list-state.ts';
import { PARCELS_TAB } from '../../domain/catalogue/tabs.ts';
import { isParcel, shapeIcon, type ListDoc, type Range } from '../../domain/diamond.ts';
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
  type FxRate,
  type Money,
} from '../../domain/money.ts';
import {
  abbreviated,
  availabilityText,
  cellClass,
  columnLayout,
  tableClass,
  infoLabel,
  DEFAULT_AVAILABILITY_LABELS,
  RANGE_COLUMNS,
  shapeName,
  type ColumnId,
  type LayoutColumn,
  type LayoutContext,
} from './column-layout.ts';

/** the currency and rates a signed-in page's prices are shown in */
export type ShownPrices = { ccy: string; rates: readonly FxRate[] };
/** what a cell's markup is drawn with: the prices, and the shop's availability labels (else the defaults) */
type CellContext = ShownPrices & { labels?: Record<number, string> };

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

type Cell = (d: ListDoc, p: CellContext) => string;
const CELLS: Record<ColumnId, Cell> = {
  tick: (d) =>
    `<label class="dl-tick"><input type="checkbox"><span class="sr-only">Tick ${esc(d.StkCodeCalcNS)} for download</span></label>`,
  shape: (d) =>
    `<a class="cat-shape" href="${routes.diamond(d._id)}"><img${attrs({ src: shapeIcon(d.StkShape, d.StkCatType), alt: '', width: 44, height: 44, loading: 'lazy', decoding: 'async' })}>` +
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
  availability: (d, p) => esc(availabilityText(d.StkWebAvailable, p.labels ?? DEFAULT_AVAILABILITY_LABELS)),
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

const SIZING_ATTRS = /\s(?:class|width|height|type|src|alt|loading|decoding)="[^"]*"/g;
/**
 * A cell's markup as wide as the cell: its elements with only the attributes that size them,
 * every figure in its text as 0 (the table's figures are tabular). Cells that differ only in
 * their links, labels or figures are sized once.
 */
const sameWidth = (cell: string) =>
  cell
    .replace(/<(\w+)([^>]*)>/g, (_, tag: string, a: string) => `<${tag}${(a.match(SIZING_ATTRS) ?? []).join('')}>`)
    .replace(/>[^<]+</g, (text) => text.replace(/\d/g, '0'));

/**
 * The rows the server draws into the page: what a desktop window shows at once (11 at
 * 1440 x 900, 6 at 1024 x 768) and four phone screens of cards. The rest of the page's rows are
 * sent only as data and drawn in once the page has painted (early-table.ts), so the browser
 * parses and lays out just the rows seen before its first frame.
 */
export const FIRST_SCREEN_ROWS = 12;

/**
 * The table's columns are as wide as their widest cell, so a table drawn with only its first
 * rows holds collapsed rows (`cat-sizer`: counted in the columns' widths, never shown) with each
 * differently sized cell of the rows drawn in later: the columns are the whole page's from the
 * start, and nothing moves as the rest appear.
 */
function sizerRows(cells: string[][], shown: number): string {
  // a page repeats most of its cells (grades, labs, availability): each is sized once
  const known = new Map<string, string>();
  const sized = (cell: string) => {
    let w = known.get(cell);
    if (w === undefined) known.set(cell, (w = sameWidth(cell)));
    return w;
  };
  const seen = cells[0]!.map((_, j) => new Set(cells.slice(0, shown).map((r) => sized(r[j]!))));
  const wanted = cells[0]!.map((_, j) => [
    ...new Set(
      cells
        .slice(shown)
        .map((r) => sized(r[j]!))
        .filter((c) => !seen[j]!.has(c)),
    ),
  ]);
  const rows = Math.max(0, ...wanted.map((w) => w.length));
  if (rows === 0) return '';
  return Array.from({ length: rows }, (_, i) => `<tr>${wanted.map((w) => w[i] ?? '<td></td>').join('')}</tr>`).join('');
}

const sizerHtml = (cells: string[][], shown: number): string => {
  const rows = sizerRows(cells, shown);
  return rows && `<tfoot class="cat-sizer" aria-hidden="true">${rows}</tfoot>`;
};

/** The sort a first page's address names (its headers show it). */
export const sortOf = (first: FirstPage) =>
  viewFromParams(new URL(first.address, 'http://list').searchParams, { pageSize: 25, tab: first.tab }).sort;

const layoutOf = (first: FirstPage) =>
  columnLayout({
    authorised: first.audience === 'trade',
    measurements: true,
    availability: true,
    parcels: first.tab === PARCELS_TAB,
  });

/** Each row's cells, as markup. */
function rowCells(docs: readonly ListDoc[], layout: LayoutColumn[], p: CellContext): string[][] {
  const opens = layout.map((c) => `<td${attrs({ 'data-label': c.meta.label, class: cellClass(c.meta) })}>`);
  const cells = layout.map((c) => CELLS[c.id]);
  return docs.map((d) => cells.map((cell, j) => `${opens[j]}${cell(d, p)}</td>`));
}

const cellsOf = (first: FirstPage, prices: ShownPrices | null, layout = layoutOf(first)): string[][] =>
  rowCells(first.docs, layout, prices ?? { ccy: first.ccy ?? 'GBP', rates: [] });

/**
 * The sizer's rows (see sizerHtml) for the island's table while it draws a page of `docs` a few
 * rows a frame (rows-in-batches.ts), having drawn the first `shown`: its columns are the whole
 * page's from the first frame. Empty when the rows to come widen no column.
 */
export const batchSizerRows = (docs: readonly ListDoc[], x: LayoutContext & CellContext, shown: number): string =>
  docs.length > shown ? sizerRows(rowCells(docs, columnLayout(x), x), shown) : '';

const rowHtml = (d: ListDoc, cells: string[]) =>
  `<tr${attrs({ class: Number(d.WebSpecial) > 0 ? 'is-special' : undefined })}>${cells.join('')}</tr>`;

/**
 * The whole table for a first page, as markup; with `shown`, only that many rows, and a sizer
 * for the rest (see sizerHtml), which `laterRowsHtml` draws.
 */
export function tableHtml(first: FirstPage, prices: ShownPrices | null, shown = Infinity): string {
  const layout = layoutOf(first);
  const sort = sortOf(first);
  const cells = cellsOf(first, prices, layout);
  const rows = first.docs.slice(0, shown).map((d, i) => rowHtml(d, cells[i]!));
  return (
    `<table class="${tableClass({ authorised: first.audience === 'trade' })}"><caption class="sr-only">Diamonds, page ${first.page} of ${first.pages}</caption>` +
    `<thead><tr>${layout.map((c) => headerCell(c, sort)).join('')}</tr></thead><tbody>${rows.join('')}</tbody>` +
    `${cells.length > shown ? sizerHtml(cells, shown) : ''}</table>`
  );
}

/**
 * The room a drawn table keeps below its rows for the rows still to be drawn in (table.css), as
 * its place's style: how many a wide screen shows yet, and how many a narrower desktop does (its
 * default page is the first 25 of a wide screen's drawn page: `wide`). A page that opens
 * scrolled (a position restored on going back) then shows what lies below the rows where it
 * stays once they are in.
 */
export function laterRoomStyle(docs: number, drawn: number, wide: boolean): string {
  const narrow = wide ? Math.min(docs, defaultPageSize(LARGE_SCREEN_MIN_WIDTH - 1)) : docs;
  return `--cat-later:${Math.max(0, docs - drawn)};--cat-later-narrow:${Math.max(0, narrow - drawn)}`;
}

/** The rows of a first page after the first `from`, as markup, one string a row. */
export const laterRowsHtml = (first: FirstPage, prices: ShownPrices | null, from: number): string[] =>
  cellsOf({ ...first, docs: first.docs.slice(from) }, prices).map((cells, i) => rowHtml(first.docs[from + i]!, cells));

/** where the list page's build leaves room for the data of the rows the server draws */
export const FIRST_ROWS_MARK = '<!--catalogue-first-rows-->';
