/**
 * The stock push of API Link (`stock` keys): a JSON body's rows and the single-stone calls
 * become a table for the one import core (runs.ts), so every way in writes, logs and
 * notifies the same way. Field names are a stock file's headers (the import's template:
 * StkCodeCalcNS, StkShape, STWeight, Colour, ..., or their synonyms such as "Stock #").
 */
import { HttpError } from '../../middleware/errors.ts';
import type { Table } from './parse.ts';

export type PushCell = string | number | boolean | null;
export type PushRow = Record<string, PushCell>;

const cell = (v: PushCell | undefined) => (v == null ? '' : String(v));

/** JSON rows -> a table: headers in the order they first appear. */
export function tableOfRows(rows: PushRow[]): Table {
  const headers: string[] = [];
  const seen = new Set<string>();
  for (const r of rows)
    for (const k of Object.keys(r))
      if (!seen.has(k)) {
        seen.add(k);
        headers.push(k);
      }
  return { headers, rows: rows.map((r) => headers.map((h) => cell(r[h]))) };
}

const CODE = 'StkCodeCalcNS';
const CODE_NAMES = /^(stkcodecalcns|stockcode|stockno|stocknumber|stock|ref)$/;
const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** One stone's fields (the stock code from the path) -> a one-row table; a differing code in the body is a 400. */
export function tableOfStone(code: string, fields: PushRow): Table {
  const rest: PushRow = {};
  for (const [k, v] of Object.entries(fields)) {
    if (CODE_NAMES.test(norm(k))) {
      if (cell(v).trim() !== code)
        throw new HttpError(400, [{ param: k, msg: 'The stock code in the body must be the one in the path' }]);
      continue;
    }
    rest[k] = v;
  }
  if (Object.keys(rest).length === 0)
    throw new HttpError(400, [{ param: '_', msg: 'Send at least one field of the stone' }]);
  return tableOfRows([{ [CODE]: code, ...rest }]);
}
