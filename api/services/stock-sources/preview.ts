/**
 * "Preview" of a stock source: its file pulled now (no validators, nothing imported, nothing
 * recorded) and its first rows, with where each header goes: by its name as an upload would
 * read it, or by the saved manual mapping. Headers the import does not know are listed so
 * staff can map them.
 *
 * It stays in the request because it reads little: a CSV's download stops once its header and
 * first rows have arrived (`csvRowsEnd`); an XLSX, whose index is at its end, is read whole,
 * within the pull's size and time limits like every pull.
 */
import type { StockSource } from '../../../db/tables.ts';
import { FETCH_FAILURES, type SourcePreview } from '../../../src/domain/stock-sources.ts';
import { HttpError } from '../../middleware/errors.ts';
import { FIELDS, RANGE_FIELDS, targetOf } from '../stock-import/headers.ts';
import { readTable, stockFile } from '../stock-import/parse.ts';
import type { Deps } from '../../types.ts';
import { fetchFeed } from './fetch.ts';
import { feedPolicy } from './sources.ts';

export const PREVIEW_SOURCE_ROWS = 10;

/**
 * A CSV's bytes, piece by piece: where the header and `rows` rows end (line breaks inside
 * quotes belong to their value; blank lines are not rows), or null to read on. A ZIP (an
 * XLSX) is read whole.
 */
export function csvRowsEnd(rows: number): (piece: Buffer) => number | null {
  let quoted = false;
  let filled = false;
  let seen = 0;
  let zip: boolean | undefined;
  return (piece) => {
    zip ??= piece[0] === 0x50 && piece[1] === 0x4b;
    if (zip) return null;
    for (let i = 0; i < piece.length; i++) {
      const b = piece[i]!;
      if (b === 0x22) quoted = !quoted;
      if (b === 0x0a && !quoted) {
        if (filled && ++seen > rows) return i + 1;
        filled = false;
      } else if (![0x0d, 0x20, 0x09, 0x2c, 0x3b].includes(b)) filled = true;
    }
    return null;
  };
}

const fieldName = (t: ReturnType<typeof targetOf>) =>
  t ? (t.end ? `${t.field} ${t.end === 'from' ? 'From' : 'To'}` : t.field) : null;

export async function previewSource(deps: Deps, s: StockSource): Promise<SourcePreview> {
  const fetched = await fetchFeed(s.url, {
    policy: feedPolicy(deps),
    maxBytes: deps.config.STOCK_FEED_MAX_BYTES,
    timeoutMs: deps.config.STOCK_FEED_TIMEOUT_MS,
    header: s.authHeaderName && s.authHeaderValue ? { name: s.authHeaderName, value: s.authHeaderValue } : null,
    enough: csvRowsEnd(PREVIEW_SOURCE_ROWS),
  });
  if (fetched.kind === 'failed')
    throw new HttpError(422, 'source_fetch_failed', {
      status: fetched.failure,
      reason: `${FETCH_FAILURES[fetched.failure]} (${fetched.reason})`,
    });
  if (fetched.kind !== 'file')
    throw new HttpError(422, 'source_fetch_failed', { status: 'unchanged', reason: 'No file' });
  const table = await readTable(stockFile(fetched.fileName, fetched.data), PREVIEW_SOURCE_ROWS);
  const columns = table.headers.map((header) => {
    const manual = s.mapping[header];
    return manual
      ? { header, field: fieldName(targetOf(manual)), manual: true }
      : { header, field: fieldName(targetOf(header)), manual: false };
  });
  return {
    headers: table.headers,
    rows: table.rows,
    columns,
    unknown: columns.filter((c) => c.field == null && c.header.trim() !== '').map((c) => c.header),
    fields: [...FIELDS, ...RANGE_FIELDS.flatMap((f) => [`${f} From`, `${f} To`])],
  };
}
