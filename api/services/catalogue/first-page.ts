/**
 * The first page of the list for an address, answered from the body the server already holds
 * (catalogue-payload.ts), so the browser paints rows before the full set has arrived.
 *
 * The same domain rules as the browser (address -> state, filterAndSort, one page) over an
 * index of the same stones. The index is built and kept in a worker thread
 * (catalogue-first-page-worker.ts): decoding and indexing a large set never blocks the event
 * loop. For trade the default currency and its rates price the filters and sorts. Visitors get
 * the same slim docs as in the full set: no price field but a special offer's WebSpecial.
 */
import { Worker } from 'node:worker_threads';
import type { Db } from '../../../db/client.ts';
import { exchangeRates } from '../../../db/tables.ts';
import type { FilterBounds, MainTab, PriceContext } from '../../../src/domain/catalogue/index.ts';
import { cataloguePayload, type Audience, type CatalogueDoc } from './payload.ts';
import type { FirstQuery, WorkerRequest } from './first-page-worker.ts';

export type FirstPage = {
  audience: Audience;
  /**
   * the signed-in trader's account id (null for a visitor): the browser keeps its copies of
   * the trader's set under it (src/stores/catalogue-set.ts)
   */
  account: string | null;
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
type WorkerPage = Omit<FirstPage, 'audience' | 'account' | 'etag'>;
type WorkerAnswer = { id: number; page?: WorkerPage; need?: true; error?: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (a: WorkerAnswer) => void; reject: (e: Error) => void }>();
const dbKeys = new WeakMap<Db, string>();
let nextDb = 0;

function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./first-page-worker.ts', import.meta.url));
  w.unref();
  w.on('message', (a: WorkerAnswer) => {
    waiting.get(a.id)?.resolve(a);
    waiting.delete(a.id);
  });
  w.on('error', (err) => {
    for (const p of waiting.values()) p.reject(err);
    waiting.clear();
    worker = null; // the next call starts a new one
  });
  worker = w;
  return w;
}

function ask(m: Omit<WorkerRequest, 'id'>): Promise<WorkerAnswer> {
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    const transfer = m.raw ? [m.raw.buffer as ArrayBuffer] : [];
    theWorker().postMessage({ ...m, id }, transfer);
  });
}

async function defaultPricing(db: Db): Promise<PriceContext> {
  const rates = await db.select().from(exchangeRates);
  const def = rates.find((r) => r.isDefault) ?? rates[0];
  if (!def) return null;
  return {
    ccy: def.currency,
    rates: rates.map((r) => ({ currency: r.currency, ExRate: r.exRate, default: r.isDefault })),
  };
}

/** The first page of `q`'s address; `account` is the signed-in trader's (never named to a visitor). */
export async function catalogueFirstPage(db: Db, q: FirstQuery, account: number | null = null): Promise<FirstPage> {
  const audience: Audience = q.authorised ? 'trade' : 'visitor';
  const body = await cataloguePayload(db, audience);
  const pricing = audience === 'trade' ? await defaultPricing(db) : null;
  let dbKey = dbKeys.get(db);
  if (!dbKey) dbKeys.set(db, (dbKey = String(++nextDb)));
  const m = { key: `${dbKey}:${audience}`, etag: body.etag, pricing, query: q };
  let a = await ask(m);
  if (a.need) a = await ask({ ...m, raw: new Uint8Array(body.raw) }); // a copy: the body stays here
  if (!a.page) throw new Error(a.error ?? 'first page not answered');
  return { audience, account: q.authorised && account != null ? String(account) : null, etag: body.etag, ...a.page };
}

/** Builds both audiences' sets and first-page indexes in the background (at start-up). */
export function warmCatalogue(db: Db): void {
  const warm = (authorised: boolean) =>
    catalogueFirstPage(db, { authorised, path: '/diamonds/all', search: '', width: 1440 }).catch(() => undefined);
  void warm(false).then(() => warm(true));
}
