/**
 * Reading the stock for the list call. The total and the slider ranges change only when
 * the stock changes, so they are cached and dropped by `invalidateStock()` (called by any
 * code that writes diamonds).
 */
import { and, asc, count, desc, eq, max, min, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../db/client.ts';
import { diamonds, type CAT_TYPES, type Diamond } from '../../db/tables.ts';
import type { CategoryRanges, DiamondRanges } from '../../src/domain/diamond.ts';

/** API sort keys -> columns (ranges sort by their lower rank). */
export const SORT_COLUMNS = {
  createdAt: diamonds.createdAt,
  StkCodeCalcNS: diamonds.stockCode,
  StkShape: diamonds.shape,
  STWeight: diamonds.weight,
  Colour: diamonds.colourFromRank,
  Clarity: diamonds.clarityFromRank,
  Cut: diamonds.cutFromRank,
  Polish: diamonds.polishFromRank,
  Symmetry: diamonds.symmetryFromRank,
  flourecence: diamonds.fluorescenceFromRank,
  StkCertSup: diamonds.certLab,
  StkMes1: diamonds.mes1,
  price: diamonds.priceCents,
  ppc: diamonds.ppcCents,
  RAP: diamonds.rap,
} as const satisfies Record<string, AnySQLiteColumn>;
export type SortKey = keyof typeof SORT_COLUMNS;
/** sorting by these would reveal prices, so they need a signed-in user */
export const PRICE_SORTS: readonly SortKey[] = ['price', 'ppc', 'RAP'];

type Summary = { totalDocs: number; ranges: DiamondRanges };
const summaries = new WeakMap<Db, Summary>();

export function invalidateStock(db: Db): void {
  summaries.delete(db);
}

const inStock = eq(diamonds.inStock, true);

function categoryRanges(db: Db, catType: (typeof CAT_TYPES)[number]): CategoryRanges {
  const r = db
    .select({
      w0: min(diamonds.weight), w1: max(diamonds.weight),
      l0: min(diamonds.mes1), l1: max(diamonds.mes1),
      b0: min(diamonds.mes2), b1: max(diamonds.mes2),
      d0: min(diamonds.mes3), d1: max(diamonds.mes3),
    })
    .from(diamonds)
    .where(and(inStock, eq(diamonds.catType, catType)))
    .get();
  const pair = (a: number | null | undefined, b: number | null | undefined): [number, number] => [a ?? 0, b ?? 0];
  return {
    STWeight: pair(r?.w0, r?.w1),
    StkMes1: pair(r?.l0, r?.l1),
    StkMes2: pair(r?.b0, r?.b1),
    StkMes3: pair(r?.d0, r?.d1),
  };
}

export function stockSummary(db: Db): Summary {
  let s = summaries.get(db);
  if (!s) {
    const total = db.select({ n: count() }).from(diamonds).where(inStock).get()?.n ?? 0;
    s = {
      totalDocs: total,
      ranges: {
        'Single Item': categoryRanges(db, 'Single Item'),
        'Multiple Items': categoryRanges(db, 'Multiple Items'),
      },
    };
    summaries.set(db, s);
  }
  return s;
}

type ListStatement = { all(values: { limit: number; offset: number }): Diamond[] };
/** One prepared statement per (database, sort, order): the query is built once, not per request. */
const listStatements = new WeakMap<Db, Map<string, ListStatement>>();

function listStatement(db: Db, sort: SortKey, order: 1 | -1): ListStatement {
  let byKey = listStatements.get(db);
  if (!byKey) listStatements.set(db, (byKey = new Map()));
  const key = `${sort}:${order}`;
  let stmt = byKey.get(key);
  if (!stmt) {
    const column = SORT_COLUMNS[sort];
    const direction: SQL = order === 1 ? asc(column) : desc(column);
    stmt = db
      .select()
      .from(diamonds)
      .where(inStock)
      .orderBy(direction, asc(diamonds.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare();
    byKey.set(key, stmt);
  }
  return stmt;
}

export function listStock(db: Db, opts: { page: number; limit: number; sort: SortKey; order: 1 | -1 }): Diamond[] {
  return listStatement(db, opts.sort, opts.order).all({ limit: opts.limit, offset: (opts.page - 1) * opts.limit });
}
