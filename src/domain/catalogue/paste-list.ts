/**
 * A pasted list of stock codes and certificate numbers, mixed (a client's e-mail, a spreadsheet
 * column): entries split on newlines, commas, semicolons, spaces or tabs; blanks dropped;
 * repeats (in any letter case) kept once, in the order first seen. At most PASTE_LIST_MAX
 * entries: a longer list is refused with a message, never cut short without saying so.
 * The same limit and schema bound the lookup calls (the site's and API Link's).
 */
import * as v from 'valibot';
import { codeKey } from './codes.ts';

export const PASTE_LIST_MAX = 500;
export const PASTE_CODE_MAX_LENGTH = 64;

export type PastedList = {
  /** distinct entries, as typed, in the order first seen */
  codes: string[];
  /** entries left out as repeats of an earlier one */
  duplicates: number;
  /** why the list cannot be looked up (empty, too long, an entry too long); null when it can */
  error: string | null;
};

const SEPARATORS = /[\s,;]+/u;

export function parsePastedList(text: string): PastedList {
  const seen = new Set<string>();
  const codes: string[] = [];
  let duplicates = 0;
  for (const raw of text.split(SEPARATORS)) {
    const code = raw.trim();
    if (code === '') continue;
    const key = codeKey(code);
    if (seen.has(key)) {
      duplicates++;
      continue;
    }
    seen.add(key);
    codes.push(code);
  }
  return { codes, duplicates, error: listError(codes) };
}

function listError(codes: readonly string[]): string | null {
  if (codes.length === 0) return 'Paste at least one stock code or certificate number.';
  if (codes.length > PASTE_LIST_MAX)
    return `This list has ${codes.length} codes; look up at most ${PASTE_LIST_MAX} at a time.`;
  const long = codes.find((c) => c.length > PASTE_CODE_MAX_LENGTH);
  if (long) return `"${long.slice(0, 20)}…" is longer than ${PASTE_CODE_MAX_LENGTH} characters.`;
  return null;
}

/** The codes of a lookup call: 1 to PASTE_LIST_MAX entries of 1 to 64 characters. */
export const CodeListSchema = v.pipe(
  v.array(
    v.pipe(v.string('Must be text'), v.trim(), v.minLength(1), v.maxLength(PASTE_CODE_MAX_LENGTH)),
    'Must be a list',
  ),
  v.minLength(1, 'At least one code'),
  v.maxLength(PASTE_LIST_MAX, `At most ${PASTE_LIST_MAX} codes`),
);

export type LookupStatus = 'found' | 'gone' | 'unknown';

/** The codes of one status, as asked (the "copy the unknown ones" text is these, one a line). */
export const codesWith = <T extends { code: string; status: LookupStatus }>(
  items: readonly T[],
  status: LookupStatus,
) => items.filter((i) => i.status === status).map((i) => i.code);

// ---------------------------------------------------------------- the list in the address

/** The query parameter that carries a pasted list (codes between spaces: "+" in the address). */
export const PASTE_PARAM = 'codes';
/** A list longer than this (its codes joined) stays out of the address. */
export const PASTE_ADDRESS_MAX = 1000;

/** The parameter's value for these codes, or null when the list is too long to keep in the address. */
export function pasteParam(codes: readonly string[]): string | null {
  const text = codes.join(' ');
  return text.length > 0 && text.length <= PASTE_ADDRESS_MAX ? text : null;
}

/** `address` (path and query) with the pasted list's parameter set to `param`, or without it when null. */
export function withPasteParam(address: string, param: string | null): string {
  const at = address.indexOf('?');
  const path = at < 0 ? address : address.slice(0, at);
  const params = new URLSearchParams(at < 0 ? '' : address.slice(at + 1));
  if (param == null) params.delete(PASTE_PARAM);
  else params.set(PASTE_PARAM, param);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The pasted list a query string carries, or null (none, or not a list that can be looked up). */
export function pastedFromQuery(search: string): PastedList | null {
  const text = new URLSearchParams(search).get(PASTE_PARAM);
  if (text == null) return null;
  const list = parsePastedList(text);
  return list.error ? null : list;
}
