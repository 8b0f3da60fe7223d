/**
 * The first page of the list for an address, answered from the body the server already holds
 * (catalogue-payload.ts), so the browser paints rows before the full set has arrived.
 *
 * The same domain rules as the browser (address -> state, filterAndSort, one page) over an
 * index of the same stones, kept per audience and body (and, for trade, the default currency
 * and its rates, which price filters and sorts need). Visitors get the same slim docs as in
 * the full set: no price field but a special offer's WebSpecial.
 */
import type { Db } from '../../db/client.ts';
import { exchangeRates } from '../../db/schema.ts';
import { addressOf, landingState, stateFromAddress } from '../../src/domain/catalogue/address.ts';
import {
  filterAndSort,
  pageCount,
  pageRows,
  prepareCatalogue,
  rowsToDocs,
  tabCounts,
  type CatalogueIndex,
  type FilterBounds,
  type MainTab,
  type PriceContext,
} from '../../src/domain/catalogue/index.ts';
import { decodeCatalogue } from '../../src/domain/catalogue/wire.ts';
import type { DiamondDoc } from '../../src/domain/diamond.ts';
import { cataloguePayload, type Audience, type CatalogueDoc } from './catalogue-payload.ts';

export type FirstPage = {
  audience: Audience;
  /** the full set's ETag this page was cut from */
  etag: string;
  /** the address of the state the page answers (the browser compares its own) */
  address: string;
  /** the currency price filters and sorts were applied in (null for visitors) */
  ccy: string | null;
  tab: MainTab;
  total: number;
  page: number;
  pages: number;
  docs: CatalogueDoc[];
  bounds: Record<MainTab, FilterBounds>;
  counts: Record<MainTab, number>;
};

type Held = { etag: string; ccy: string | null; rates: string; ix: CatalogueIndex };
const held = new WeakMap<Db, Map<Audience, Held>>();

async function defaultPricing(db: Db): Promise<PriceContext> {
  const rates = await db.select().from(exchangeRates);
  const def = rates.find((r) => r.isDefault) ?? rates[0];
  if (!def) return null;
  return {
    ccy: def.currency,
    rates: rates.map((r) => ({ currency: r.currency, ExRate: r.exRate, default: r.isDefault })),
  };
}

async function indexFor(db: Db, audience: Audience): Promise<Held> {
  const body = await cataloguePayload(db, audience);
  const pricing = audience === 'trade' ? await defaultPricing(db) : null;
  const rates = JSON.stringify(pricing?.rates ?? null);
  let perDb = held.get(db);
  if (!perDb) held.set(db, (perDb = new Map()));
  const hit = perDb.get(audience);
  if (hit && hit.etag === body.etag && hit.rates === rates && hit.ccy === (pricing?.ccy ?? null)) return hit;
  const docs = decodeCatalogue(JSON.parse(body.raw.toString('utf8'))) as unknown as DiamondDoc[];
  const fresh: Held = { etag: body.etag, ccy: pricing?.ccy ?? null, rates, ix: prepareCatalogue(docs, pricing) };
  perDb.set(audience, fresh);
  return fresh;
}

export async function catalogueFirstPage(
  db: Db,
  q: { authorised: boolean; path: string; search: string; width: number },
): Promise<FirstPage> {
  const audience: Audience = q.authorised ? 'trade' : 'visitor';
  const { etag, ccy, ix } = await indexFor(db, audience);
  const read = stateFromAddress({ pathname: q.path, search: q.search }, ix, {
    width: q.width,
    authorised: q.authorised,
    dialogSettings: {},
  });
  const s = landingState(read);
  const rows = filterAndSort(ix, s.filters, s.sort, { tab: s.tab, authorised: q.authorised, columns: s.columns });
  const pages = pageCount(rows.length, s.pageSize);
  const page = Math.min(s.page, pages);
  return {
    audience,
    etag,
    address: addressOf(s, q.width),
    ccy,
    tab: s.tab,
    total: rows.length,
    page,
    pages,
    docs: rowsToDocs(ix, pageRows(rows, page, s.pageSize)) as unknown as CatalogueDoc[],
    bounds: ix.bounds,
    counts: tabCounts(ix),
  };
}

/** Builds both audiences' sets and first-page indexes in the background (at start-up). */
export function warmCatalogue(db: Db): void {
  const warm = (authorised: boolean) =>
    catalogueFirstPage(db, { authorised, path: '/diamonds/all', search: '', width: 1440 }).catch(() => undefined);
  void warm(false).then(() => warm(true));
}
