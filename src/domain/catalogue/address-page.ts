/**
 * Which stones the list shows, and in what order, for a state or for an address: the one rule
 * behind the rows the server draws into the list page's HTML (and answers from
 * GET /diamonds/catalogue/first) and the rows the island draws, so the two cannot disagree.
 *
 *   const { rows, total } = listRows(ix, state, authorised);   // every match, in order
 *   const shown = pageOfRows(rows, state);                     // the page shown of them
 *   const first = addressPage(ix, { path, search, width, authorised }); // both, for an address
 */
import { addressOf, landingState, stateFromAddress } from './address.ts';
import { filterAndSort } from './sort.ts';
import { pageCount, pageRows, type ListState } from './list-state.ts';
import type { CatalogueIndex } from './prepare.ts';

export type ListPage = { total: number; pages: number; page: number; rows: Int32Array };

/** Every stone of the state's tab that its filters keep, in its sort's order. */
export const listRows = (ix: CatalogueIndex, s: ListState, authorised: boolean): Int32Array =>
  filterAndSort(ix, s.filters, s.sort, { tab: s.tab, authorised, columns: s.columns });

/** The page the state asks for (the last one when it asks past the end) of those rows. */
export function pageOfRows(rows: Int32Array, s: Pick<ListState, 'page' | 'pageSize'>): ListPage {
  const pages = pageCount(rows.length, s.pageSize);
  const page = Math.min(s.page, pages);
  return { total: rows.length, pages, page, rows: pageRows(rows, page, s.pageSize) };
}

export type AddressQuery = { path: string; search: string; width: number; authorised: boolean };

/**
 * The state an address lands on (its route intent applied, as the island applies it) and the
 * page of rows it shows; `address` is that state's own address, which the island compares
 * with its own before it shows these rows.
 */
export function addressPage(ix: CatalogueIndex, q: AddressQuery): ListPage & { state: ListState; address: string } {
  const read = stateFromAddress({ pathname: q.path, search: q.search }, ix, {
    width: q.width,
    authorised: q.authorised,
    dialogSettings: {},
  });
  const state = landingState(read);
  return { state, address: addressOf(state, q.width), ...pageOfRows(listRows(ix, state, q.authorised), state) };
}
