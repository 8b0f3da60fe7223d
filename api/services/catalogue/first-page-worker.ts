/**
 * The worker thread behind catalogue-first-page.ts: holds the index of each audience's set
 * (decoded from the stored body and prepared with the browser's rules) and cuts first pages
 * from it, so decoding and indexing 200,000 stones never holds up the server's event loop.
 *
 * Messages in:  { id, key, etag, pricing, query, raw? }  (raw: the body's JSON bytes, sent
 *               only after the worker answered { id, need: true } for that key and etag)
 * Messages out: { id, page } | { id, need: true } | { id, error }
 */
import { parentPort } from 'node:worker_threads';
import { addressPage } from '../../../src/domain/catalogue/address-page.ts';
import {
  prepareColumns,
  rowsToDocs,
  tabCounts,
  type CatalogueIndex,
  type PriceContext,
} from '../../../src/domain/catalogue/index.ts';
import { columnsOf } from '../../../src/domain/catalogue/wire-decode.ts';
import { keepRecent } from '../../lib/recent.ts';

export type FirstQuery = { authorised: boolean; path: string; search: string; width: number };
export type WorkerRequest = {
  id: number;
  key: string;
  etag: string;
  pricing: PriceContext;
  query: FirstQuery;
  raw?: Uint8Array;
};

/** indexes kept (per database and audience); the oldest goes first */
const KEEP = 4;
const held = new Map<string, { etag: string; pricing: string; ix: CatalogueIndex }>();

function firstPage(ix: CatalogueIndex, q: FirstQuery) {
  const p = addressPage(ix, q);
  return {
    address: p.address,
    ccy: ix.pricing?.ccy ?? null,
    tab: p.state.tab,
    total: p.total,
    page: p.page,
    pages: p.pages,
    docs: rowsToDocs(ix, p.rows),
    bounds: ix.bounds,
    counts: tabCounts(ix),
  };
}

function answer(m: WorkerRequest) {
  const pricing = JSON.stringify(m.pricing);
  let hit = held.get(m.key);
  if (!hit || hit.etag !== m.etag || hit.pricing !== pricing) {
    if (!m.raw) return { id: m.id, need: true };
    const cols = columnsOf(JSON.parse(new TextDecoder().decode(m.raw)));
    hit = keepRecent(held, m.key, { etag: m.etag, pricing, ix: prepareColumns(cols, m.pricing) }, KEEP);
  }
  return { id: m.id, page: firstPage(hit.ix, m.query) };
}

parentPort?.on('message', (m: WorkerRequest) => {
  try {
    parentPort!.postMessage(answer(m));
  } catch (err) {
    parentPort!.postMessage({ id: m.id, error: err instanceof Error ? err.message : String(err) });
  }
});
