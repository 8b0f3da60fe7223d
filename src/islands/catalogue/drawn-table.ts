/**
 * The table the server drew stands for the island's own while the island would show just its
 * rows: the same stones in the same order, unchanged, in the same columns, prices and sort, none
 * open, ticked, held or gone. Drawing them again would show nothing new and cost the page a long task
 * (a React commit of every row, then a relayout of the whole table). The island's table takes
 * the place at the first change, or at a press on a drawn control (drawn-presses.ts), and keeps
 * it from then on.
 */
import type { FirstPage } from '../../../api/services/catalogue/first-page.ts';
import type { MainTab, SortState } from '../../domain/catalogue/index.ts';
import type { ListDoc } from '../../domain/diamond.ts';
import type { FxRate } from '../../domain/money.ts';
import { drawnFirstPage, drawnPrices, type KeptPrices } from '../../stores/catalogue-first.ts';
import { availabilityText, DEFAULT_AVAILABILITY_LABELS } from './column-layout.ts';
import type { ColumnContext } from './columns.tsx';
import { afterPaint, rowsPerFrame } from './rows-per-frame.ts';
import { laterRoomStyle, laterRowsHtml, sortOf } from './table-markup.ts';

/** the table's place while it holds markup the island has not drawn (the server's or the early script's) */
export const DRAWN_PLACE = '.cat-table-wrap[data-early]';

export type DrawnRows = { page: FirstPage; prices: KeptPrices | null; sort: SortState };

/** The rows the server drew into the page for this screen, if it drew any. */
export function drawnRows(): DrawnRows | null {
  const page = drawnFirstPage()?.page;
  if (!page || page.docs.length === 0) return null;
  return { page, prices: drawnPrices(), sort: sortOf(page) };
}

/**
 * Draws into the drawn table up to `most` more of its page's rows (the server draws only the
 * first screen of them: table-markup.ts), after those it holds; true once there is nothing more
 * to draw (it holds them all, or the island's table has taken its place).
 */
function drawRestOfPage(drawn: DrawnRows, most: number): boolean {
  const body = document.querySelector(`${DRAWN_PLACE} > .cat-table > tbody`);
  if (!body) return true;
  const { page, prices } = drawn;
  const have = body.childElementCount;
  if (have >= page.docs.length) return true;
  const upTo = Math.min(page.docs.length, have + most);
  body.insertAdjacentHTML(
    'beforeend',
    laterRowsHtml({ ...page, docs: page.docs.slice(0, upTo) }, prices, have).join(''),
  );
  // the room kept for them below the table shrinks as they come
  const place = body.closest<HTMLElement>(DRAWN_PLACE);
  if (place?.style.getPropertyValue('--cat-later'))
    place.setAttribute('style', laterRoomStyle(page.docs.length, upTo, place.dataset.drawn === 'wide'));
  return upTo === page.docs.length;
}

/**
 * Draws the rest of the drawn table's page in a few rows a frame (ten table rows, or three
 * cards: a phone's screen of them), each batch once the frame before has painted, until it holds
 * them all or the island's table has taken its place; answers a function that stops it. The page's
 * early script starts it once the page has painted, and the island again whenever the drawn
 * table stands for its own (the early script may not have loaded): each batch draws after the
 * rows already there, so two at once only draw the rest sooner, never a row twice.
 */
export function drawRestLater(drawn: DrawnRows): () => void {
  const perFrame = rowsPerFrame();
  let stop = afterPaint(function next() {
    if (!drawRestOfPage(drawn, perFrame)) stop = afterPaint(next);
  });
  return () => stop();
}

/** Equal JSON values, whatever the order of their keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

const rateMap = (rates: readonly FxRate[]) =>
  Object.fromEntries(rates.map((r) => [r.currency, [r.ExRate, r.default === true]]));

/** What the island's table would show. */
export type TableView = {
  docs: readonly ListDoc[];
  ctx: ColumnContext;
  sort: SortState;
  tab: MainTab;
  openRow: number | null;
  ticked: ReadonlySet<number>;
  /** a stone's live state beside its code ("On hold", "Left the stock"), none for most */
  liveState: (id: number) => string | null;
};

/** Whether the island's table would show exactly the drawn rows. */
export function drawnStands(drawn: DrawnRows | null, v: TableView): boolean {
  if (!drawn) return false;
  const { page, prices } = drawn;
  const { ctx } = v;
  if (v.tab !== page.tab || v.openRow != null || !sameValue(v.sort, drawn.sort)) return false;
  if (!ctx.measurements || !ctx.availability || ctx.authorised !== (page.audience === 'trade')) return false;
  const samePrices =
    !ctx.authorised ||
    (prices != null && prices.ccy === ctx.ccy && sameValue(rateMap(prices.rates), rateMap(ctx.rates)));
  if (!samePrices || v.docs.length !== page.docs.length) return false;
  return v.docs.every((d, i) => {
    const was = page.docs[i]!;
    return (
      d._id === was._id &&
      !v.ticked.has(d._id) &&
      v.liveState(d._id) === null &&
      availabilityText(d.StkWebAvailable, ctx.labels) ===
        availabilityText(d.StkWebAvailable, DEFAULT_AVAILABILITY_LABELS) &&
      sameValue(d, was)
    );
  });
}
