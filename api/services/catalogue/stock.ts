/**
 * Reading the stock for the list call. The total and the slider ranges change only when
 * the stock changes, so they are cached per stock version (api/services/site/versions.ts), which
 * every writer of diamonds bumps in its transaction.
 */
import { and, asc, count, eq, max, min, sql, type SQL } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Db } from '../../../db/client.ts';
import { tableRowMapper } from '../../../db/row-mapper.ts';
import { diamonds, type Diamond } from '../../../db/tables.ts';
import type { CatType } from '../../../src/domain/diamond.ts';
import type { CategoryRanges, DiamondRanges } from '../../../src/domain/diamond.ts';
import { readVersion } from '../site/versions.ts';

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
/** Per database, the summary and the stock version it was computed at (api/services/site/versions.ts). */
const summaries = new WeakMap<Db, { version: number; summary: Summary }>();

const inStock = eq(diamonds.inStock, true);

async function categoryRanges(db: Db, catType: CatType): Promise<CategoryRanges> {
  const r = (
    await db
      .select({
        w0: min(diamonds.weight),
        w1: max(diamonds.weight),
        l0: min(diamonds.mes1),
        l1: max(diamonds.mes1),
        b0: min(diamonds.mes2),
        b1: max(diamonds.mes2),
        d0: min(diamonds.mes3),
        d1: max(diamonds.mes3),
      })
      .from(diamonds)
      .where(and(inStock, eq(diamonds.catType, catType)))
      .limit(1)
  )[0];
  const pair = (a: number | null | undefined, b: number | null | undefined): [number, number] => [a ?? 0, b ?? 0];
  return {
    STWeight: pair(r?.w0, r?.w1),
    StkMes1: pair(r?.l0, r?.l1),
    StkMes2: pair(r?.b0, r?.b1),
    StkMes3: pair(r?.d0, r?.d1),
  };
}

export async function stockSummary(db: Db): Promise<Summary> {
  const version = await readVersion(db, 'stock');
  const cached = summaries.get(db);
  if (cached?.version === version) return cached.summary;
  {
    const total = (await db.select({ n: count() }).from(diamonds).where(inStock).limit(1))[0]?.n ?? 0;
    const s: Summary = {
      totalDocs: total,
      ranges: {
        'Single Item': await categoryRanges(db, 'Single Item'),
        'Multiple Items': await categoryRanges(db, 'Multiple Items'),
      },
    };
    summaries.set(db, { version, summary: s });
    return s;
  }
}

type ListStatement = { rows(values: { limit: number; offset: number }): Promise<Diamond[]> };
/**
 * One prepared statement per (database, sort, order): the query is built once, not per request
 * (PostgreSQL prepares it by name on each pooled connection).
 */
const listStatements = new WeakMap<Db, Map<string, ListStatement>>();

function listStatement(db: Db, sort: SortKey, order: 1 | -1): ListStatement {
  let byKey = listStatements.get(db);
  if (!byKey) listStatements.set(db, (byKey = new Map()));
  const key = `${sort}:${order}`;
  let stmt = byKey.get(key);
  if (!stmt) {
    const column = SORT_COLUMNS[sort];
    // NULLs sort as SQLite sorts them (lowest), on PostgreSQL too (where they are highest)
    const direction: SQL = order === 1 ? sql`${column} asc nulls first` : sql`${column} desc nulls last`;
    const query = db
      .select()
      .from(diamonds)
      .where(inStock)
      .orderBy(direction, asc(diamonds.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    if (db.engine === 'sqlite') {
      const prepared = query.prepare();
      const toRow = tableRowMapper(diamonds);
      stmt = { rows: async (v) => ((await prepared.values(v)) as unknown[][]).map(toRow) };
    } else {
      type PgPrepared = { execute(v: object): Promise<Diamond[]> };
      const prepared = (query as unknown as { prepare(name: string): PgPrepared }).prepare(
        `stock_list_${sort}_${order === 1 ? 'asc' : 'desc'}`,
      );
      stmt = { rows: (v) => prepared.execute(v) };
    }
    byKey.set(key, stmt);
  }
  return stmt;
}

export function listStock(
  db: Db,
  opts: { page: number; limit: number; sort: SortKey; order: 1 | -1 },
): Promise<Diamond[]> {
  return listStatement(db, opts.sort, opts.order).rows({ limit: opts.limit, offset: (opts.page - 1) * opts.limit });
}
