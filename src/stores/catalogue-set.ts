/**
 * The full stock set in the browser (docs/decisions/004): the last copy kept in Cache Storage
 * per audience (so a repeat visit paints at once) and a revalidation by ETag (a 304 keeps the
 * copy, a 200 replaces it). The copy of the signed-in set is dropped once the browser is a
 * visitor again, so no price stays behind after signing out.
 */
import type { CatalogueWire } from '../domain/catalogue/wire.ts';
import { apiUrl, ApiError } from '../lib/api.ts';

export type Audience = 'visitor' | 'trade';
export type SetCopy = { wire: CatalogueWire; etag: string };

const CACHE = 'facet-catalogue-v1';
const copyKey = (audience: Audience) => apiUrl('/diamonds/catalogue', { copy: audience });
const storage = () => (typeof caches === 'undefined' ? null : caches);

/** The copy kept from the last visit, or null (none, or no Cache Storage here). */
export async function readCopy(audience: Audience): Promise<SetCopy | null> {
  try {
    const store = storage();
    const res = store ? await (await store.open(CACHE)).match(copyKey(audience)) : undefined;
    const etag = res?.headers.get('etag');
    if (!res || !etag) return null;
    return { wire: (await res.json()) as CatalogueWire, etag };
  } catch {
    return null; // a damaged or evicted copy: the network answers
  }
}

async function keepCopy(audience: Audience, text: string, etag: string): Promise<void> {
  try {
    const store = storage();
    if (!store) return;
    const headers = { etag, 'content-type': 'application/json' };
    await (await store.open(CACHE)).put(copyKey(audience), new Response(text, { headers }));
  } catch {
    // quota or private mode: the next visit downloads again
  }
}

export async function dropCopy(audience: Audience): Promise<void> {
  try {
    await (await storage()?.open(CACHE))?.delete(copyKey(audience));
  } catch {
    // nothing kept
  }
}

/** GET the set, conditional on `etag`: null when the copy is still current. */
export async function fetchSet(etag: string | null): Promise<SetCopy | null> {
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
  if (tag) void keepCopy(wire.audience, text, tag);
  return { wire, etag: tag ?? '' };
}
