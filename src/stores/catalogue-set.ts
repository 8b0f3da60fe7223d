/**
 * The full stock set in the browser (docs/decisions/004): the last copy kept in Cache Storage
 * per owner (so a repeat visit paints at once), with the live stream's sequence it is current
 * from (`SET_SEQ_HEADER`): the page brings such a copy up to date from the stream's events
 * after it (stores/live.ts). Without that, or when the stream cannot (too far behind), a
 * revalidation by ETag (a 304 keeps the copy, a 200 replaces it with the whole set).
 *
 * A copy's owner is the visitors' public set, or one signed-in trader's account: a trader's
 * prices are their own, so a trader's copy is kept under their account and read only for that
 * account. The browser keeps at most one trader's copy: loading another account's set, a
 * visitor's, or signing out (stores/kept-copies.ts) drops the others.
 */
import { SET_SEQ_HEADER, type CatalogueWire } from '../domain/catalogue/wire.ts';
import { apiUrl, ApiError } from '../lib/api.ts';

export type Audience = 'visitor' | 'trade';
/** Whose set: the visitors' (account null) or one trader's (their account id). */
export type SetOwner = { audience: Audience; account: string | null };
/** `seq`: the live stream's sequence the body is current from (null: not known) */
export type SetCopy = { wire: CatalogueWire; etag: string; seq: number | null };

/** The sequence a set answer (or a kept copy) names: whole digits only, as the stream reads a cursor. */
const seqOf = (headers: Headers): number | null => {
  const value = headers.get(SET_SEQ_HEADER);
  return value != null && /^\d{1,15}$/.test(value) ? Number(value) : null;
};

const CACHE = 'facet-catalogue-v1';
const PUBLIC = 'visitor';
/** a trader's copy is named for their account; a trader of no known account keeps none */
export const copyName = (owner: SetOwner): string | null =>
  owner.audience === 'visitor' ? PUBLIC : owner.account ? `trade-${owner.account}` : null;
const copyKey = (name: string) => apiUrl('/diamonds/catalogue', { copy: name });
const storage = () => (typeof caches === 'undefined' ? null : caches);

/** The copy kept from the last visit of this owner, or null (none, or no Cache Storage here). */
export async function readCopy(owner: SetOwner): Promise<SetCopy | null> {
  const name = copyName(owner);
  try {
    const store = storage();
    const res = store && name ? await (await store.open(CACHE)).match(copyKey(name)) : undefined;
    const etag = res?.headers.get('etag');
    if (!res || !etag) return null;
    return { wire: (await res.json()) as CatalogueWire, etag, seq: seqOf(res.headers) };
  } catch {
    return null; // a damaged or evicted copy: the network answers
  }
}

async function keepCopy(owner: SetOwner, text: string, etag: string, seq: number | null): Promise<void> {
  const name = copyName(owner);
  try {
    const store = storage();
    if (!store || !name) return;
    const headers: Record<string, string> = { etag, 'content-type': 'application/json' };
    if (seq != null) headers[SET_SEQ_HEADER] = String(seq);
    await (await store.open(CACHE)).put(copyKey(name), new Response(text, { headers }));
  } catch {
    // quota or private mode: the next visit downloads again
  }
}

/**
 * Drops every trader's copy but `account`'s (null: every trader's); the visitors' copy stays.
 * Awaited by the set's job before it reads, so a copy meant to go is never painted.
 */
export async function dropTradeCopies(account: string | null): Promise<void> {
  const keep = account ? copyName({ audience: 'trade', account }) : null;
  try {
    const cache = await storage()?.open(CACHE);
    if (!cache) return;
    for (const req of await cache.keys()) {
      const name = new URL(req.url, 'http://x').searchParams.get('copy');
      if (name !== PUBLIC && name !== keep) await cache.delete(req);
    }
  } catch {
    // nothing kept
  }
}

/**
 * GET the set, conditional on `etag`: null when the copy is still current. A fresh answer is
 * kept for `owner`, or as the public copy when the server answered a visitor's set (the
 * session ended meanwhile).
 */
export async function fetchSet(owner: SetOwner, etag: string | null): Promise<SetCopy | null> {
  let res: Response;
  try {
    res = await fetch(apiUrl('/diamonds/catalogue'), {
      headers: etag ? { 'If-None-Match': etag, Accept: 'application/json' } : { Accept: 'application/json' },
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    throw new ApiError(0, { errors: { msg: 'We could not reach the server. Please check your connection.' } });
  }
  if (res.status === 304) return null;
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, { errors: { msg: 'The stock list could not be loaded.' } });
  const wire = JSON.parse(text) as CatalogueWire;
  const tag = res.headers.get('etag');
  const seq = seqOf(res.headers);
  const keptFor: SetOwner = wire.audience === owner.audience ? owner : { audience: wire.audience, account: null };
  if (tag) void keepCopy(keptFor, text, tag, seq);
  return { wire, etag: tag ?? '', seq };
}
