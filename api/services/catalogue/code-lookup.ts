/**
 * Stock codes and certificate numbers, mixed, looked up at once: the one rule behind API Link's
 * POST /stones/lookup and the site's pasted list. A code names a stone by its stock code first
 * (exact), else by its certificate number (any letter case; the stone in stock first). Each
 * answer is found (in stock), gone (left the stock, with when: the change log's removal, else
 * the row's last change) or unknown, in the order asked.
 */
import { inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamonds, type Diamond } from '../../../db/tables.ts';
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
  const byCode = rows.find((r) => r.stockCode === code);
  if (byCode) return [byCode, 'stock_code'];
  const lower = code.toLowerCase();
  const certs = rows.filter((r) => r.certNumber && r.certNumber.toLowerCase() === lower);
  const best = certs.find((r) => r.inStock) ?? certs[0];
  return best ? [best, 'certificate_number'] : null;
}

async function rowsFor(db: Db, codes: string[]): Promise<Diamond[]> {
  const lower = codes.map((c) => c.toLowerCase());
  const upper = codes.map((c) => c.toUpperCase());
  const certs = [...new Set([...codes, ...lower, ...upper])];
  return db
    .select()
    .from(diamonds)
    .where(or(inArray(diamonds.stockCode, codes), inArray(diamonds.certNumber, certs)));
}

export async function lookupCodes(db: Db, codes: readonly string[]): Promise<CodeMatch[]> {
  const rows = await rowsFor(db, [...new Set(codes)]);
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
