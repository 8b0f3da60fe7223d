/**
 * Loading the full set and building its index (docs/decisions/004): one job, run in a Web
 * Worker (catalogue.worker.ts) so the page's main thread stays free, or in the page itself
 * where there is no Worker. The job first drops every trader's copy that is not its owner's
 * (a visitor's job drops them all), then reads its owner's kept copy, answers with its index (stale), then
 * revalidates by ETag and answers with the fresh index, or "current" when the copy is still
 * current, or an error. The index's typed arrays, its columns' included, travel in the transfer
 * list (moved, not copied); no stone is made into an object here (the page makes the rows it shows).
 */
import { prepareColumns, type CatalogueIndex, type PriceContext } from '../domain/catalogue/prepare.ts';
import { sortOrder } from '../domain/catalogue/sort.ts';
import { sliderHistograms } from '../domain/catalogue/histograms.ts';
import { MAIN_TABS } from '../domain/catalogue/tabs.ts';
import { type CatalogueWire } from '../domain/catalogue/wire.ts';
import { columnsOf } from '../domain/catalogue/wire-decode.ts';
import { ApiError } from '../lib/api.ts';
import { dropTradeCopies, fetchSet, readCopy, type Audience, type SetCopy, type SetOwner } from './catalogue-set.ts';

/**
 * Whose set to load (a trader's account names the copy it reads and keeps) and its pricing;
 * `patch`: the page's live stream brings a kept copy up to date (no revalidation then).
 */
export type SetJob = SetOwner & { pricing: PriceContext; patch?: boolean };

export type SetMessage =
  /**
   * `since`: the live stream's sequence the index is current from (null: not known); `kept`: the
   * ETag of the browser's copy from an earlier visit it was cut from (null: the network's answer)
   */
  | {
      kind: 'index';
      audience: Audience;
      stale: boolean;
      index: CatalogueIndex;
      since: number | null;
      kept: string | null;
    }
  | { kind: 'current' }
  | { kind: 'error'; msg: string };

export type Post = (msg: SetMessage, transfer: Transferable[]) => void;

export const LOAD_FAILED = 'The stock list could not be loaded.';

/** Every typed array's buffer in the index, once each (moved to the page, not copied). */
export function indexBuffers(ix: CatalogueIndex): ArrayBuffer[] {
  const seen = new Set<ArrayBuffer>();
  const add = (v: unknown) => {
    if (ArrayBuffer.isView(v) && v.buffer instanceof ArrayBuffer) seen.add(v.buffer);
  };
  for (const v of Object.values(ix)) add(v);
  for (const v of Object.values(ix.tabRows)) add(v);
  const { num, dict, str, has360 } = ix.cols;
  for (const v of Object.values(num)) add(v);
  for (const v of Object.values(dict)) add(v.i);
  for (const v of Object.values(str)) for (const a of [v.i, v.num, v.w]) add(a);
  add(has360);
  for (const o of ix.orders.values()) for (const a of [o.order, o.key]) add(a);
  return [...seen];
}

/**
 * The index of a wire body, with the load-order permutation every sort starts from and, when
 * priced, each tab's slider histograms at its own limits; a visitor's is never priced.
 */
export function indexOf(wire: CatalogueWire, pricing: PriceContext): CatalogueIndex {
  const ix = prepareColumns(columnsOf(wire), wire.audience === 'trade' ? pricing : null);
  sortOrder(ix, 'createdAt');
  for (const tab of MAIN_TABS) if (ix.tabRows[tab].length > 0) sliderHistograms(ix, tab, ix.bounds[tab].weight);
  return ix;
}

/** Runs one load of `job.audience`'s set, posting its answers; the last is never a stale index. */
export async function runSetJob(job: SetJob, post: Post): Promise<void> {
  const send = (copy: SetCopy, stale: boolean, kept: boolean) => {
    const index = indexOf(copy.wire, job.pricing);
    const msg = {
      kind: 'index',
      audience: copy.wire.audience,
      stale,
      index,
      since: copy.seq,
      kept: kept ? copy.etag : null,
    } as const;
    post(msg, indexBuffers(index));
  };
  try {
    const owner: SetOwner = { audience: job.audience, account: job.audience === 'trade' ? job.account : null };
    await dropTradeCopies(owner.account);
    const copy = await readCopy(owner);
    if (copy && job.patch && copy.seq != null) return send(copy, false, true);
    if (copy) send(copy, true, true);
    const fresh = await fetchSet(owner, copy?.etag ?? null);
    if (fresh) send(fresh, false, false);
    else post({ kind: 'current' }, []);
  } catch (err) {
    post({ kind: 'error', msg: err instanceof ApiError ? err.message : LOAD_FAILED }, []);
  }
}
