/**
 * A shared compare: the stones of a compare board named, in order, by a link. The link's
 * token is `{ids}.{signature}`: the ids in base 36 joined by "-" (url-safe, short), and the
 * server's signature over them (api/services/catalogue/compare-share.ts). Here only the parts
 * both sides read: how many stones one link may hold, the request to make one, and the ids'
 * spelling in the token.
 */
import * as v from 'valibot';

/** At most this many stones in one shared compare. */
export const MAX_SHARED = 50;
/** A token longer than this is not one of ours (50 ids of up to 6 base-36 digits and a signature). */
export const MAX_TOKEN_LENGTH = 400;

const StoneId = v.pipe(
  v.number('ids must be numbers'),
  v.integer('ids must be whole numbers'),
  v.minValue(1, 'ids must be positive'),
  v.maxValue(Number.MAX_SAFE_INTEGER, 'ids must be stone ids'),
);

/** POST /compare/share: the stones of the board, in its order (repeats are dropped). */
export const ShareCompareSchema = v.object({
  ids: v.pipe(
    v.array(StoneId, 'ids must be a list of stone ids'),
    v.minLength(1, 'Choose at least one stone to share'),
    v.maxLength(MAX_SHARED, `A shared compare holds at most ${MAX_SHARED} stones`),
    v.transform((ids) => [...new Set(ids)]),
  ),
});

/** GET /compare/shared?t=: the token as the address carries it. */
export const SharedTokenSchema = v.object({
  t: v.pipe(
    v.string('The link has no token'),
    v.minLength(1, 'The link has no token'),
    v.maxLength(MAX_TOKEN_LENGTH, 'The link is not a shared compare'),
  ),
});

/** The ids as the token spells them: base 36, joined by "-". */
export function encodeShareIds(ids: readonly number[]): string {
  return ids.map((id) => id.toString(36)).join('-');
}

const PART = /^[0-9a-z]{1,11}$/;

/** The ids of a token's first part, or null when it is not a list of 1..MAX_SHARED distinct ids. */
export function decodeShareIds(text: string): number[] | null {
  const parts = text.split('-');
  if (parts.length > MAX_SHARED || !parts.every((p) => PART.test(p))) return null;
  const ids = parts.map((p) => parseInt(p, 36));
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1)) return null;
  return new Set(ids).size === ids.length ? ids : null;
}
