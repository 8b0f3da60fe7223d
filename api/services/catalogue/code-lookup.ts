/**
 * Stock codes and certificate numbers, mixed, looked up at once: the one rule behind API Link's
 * POST /stones/lookup and the site's pasted list. A code names a stone by its stock code first,
 * else by its certificate number (the stone in stock first), both compared as the list's code
 * search compares them (codeKey: trimmed, any letter case). Each
 * answer is found (in stock), gone (left the stock, with when: the change log's removal, else
 * the row's last change) or unknown, in the order asked.
 */
import { or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamonds, type Diamond } from '../../../db/tables.ts';
import { codeKey } from '../../../src/domain/catalogue/codes.ts';
import type { LookupStatus } from '../../../src/domain/catalogue/paste-list.ts';
import { goneAt } from '../link/change-log.ts';

export type MatchedBy = 'stock_code' | 'certificate_number';

export type CodeMatch = {
  code: string;
  status: LookupStatus;
  matchedBy: MatchedBy | null;
  /** the stone named (null when unknown) */
  row: Diamond | null;
  /** when a gone stone left the stock */
  goneAt: Date | null;
};

/** The row a code names: by stock code first, then by certificate number (in stock first). */
function pick(rows: Diamond[], code: string): [Diamond, MatchedBy] | null {
  const key = codeKey(code);
  const byCode = rows.find((r) => codeKey(r.stockCode) === key);
  if (byCode) return [byCode, 'stock_code'];
  const certs = rows.filter((r) => r.certNumber && codeKey(r.certNumber) === key);
  const best = certs.find((r) => r.inStock) ?? certs[0];
  return best ? [best, 'certificate_number'] : null;
}

/** The rows whose stock code or certificate number has one of these keys (lower-cased in SQL, as codeKey does). */
async function rowsFor(db: Db, keys: string[]): Promise<Diamond[]> {
  if (keys.length === 0) return [];
  const list = sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  );
  return db
    .select()
    .from(diamonds)
    .where(
      or(sql`lower(trim(${diamonds.stockCode})) in (${list})`, sql`lower(trim(${diamonds.certNumber})) in (${list})`),
    );
}

export async function lookupCodes(db: Db, codes: readonly string[]): Promise<CodeMatch[]> {
  const rows = await rowsFor(db, [...new Set(codes.map(codeKey))]);
  const out: CodeMatch[] = [];
  for (const code of codes) {
    const hit = pick(rows, code);
    if (!hit) {
      out.push({ code, status: 'unknown', matchedBy: null, row: null, goneAt: null });
      continue;
    }
    const [row, matchedBy] = hit;
    if (row.inStock) out.push({ code, status: 'found', matchedBy, row, goneAt: null });
    else out.push({ code, status: 'gone', matchedBy, row, goneAt: await goneAt(db, row.stockCode, row.updatedAt) });
  }
  return out;
}
