/**
 * GET /stones as SQL: the filters, the order and keyset paging.
 *
 * Paging is by keyset, never by offset: the order is (sort key, id) and the opaque cursor
 * holds the last row's sort key and id, so the next page starts strictly after that row.
 * An import between two pages therefore neither skips nor repeats a stone: rows before the
 * cursor stay before it, a stone whose other fields (availability, media, updated_at) change
 * keeps its place, new stones appear in their place, removed ones drop out. Only a change of
 * the sort key itself (the price in `sort=price`) can move a stone across the cursor; clients
 * that mirror the stock take /feed once and then /changes.
 *
 * Prices compare in USD cents before rounding: stones WebSpecial, else price, else
 * ExWebTotal; parcels WebSpecial, else ppc (GBP) converted at the shop's rate.
 */
import { and, asc, desc, eq, gte, lte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamondCertificates, diamondMedia, diamonds, type Diamond } from '../../../db/tables.ts';
import {
  clarityRank,
  colourRank,
  FINISH_ABBREVIATIONS,
  FINISH_GRADES,
  finishRank,
} from '../../../src/domain/grades.ts';
import { PARCEL, SINGLE } from '../../../src/domain/diamond.ts';
import { type FxRate } from '../../../src/domain/money.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { StonesQuery } from '../../link/schemas.ts';
import type { PriceView } from './stone-view.ts';

const rateOf = (rates: readonly FxRate[], ccy: string) => rates.find((r) => r.currency === ccy)?.ExRate ?? 1;

/** The trade price in USD cents (null when unpriced) as an SQL expression. */
export function priceUsdCents(rates: readonly FxRate[]): SQL<number | null> {
  const gbpToUsd = rateOf(rates, 'USD') / rateOf(rates, 'GBP');
  const d = diamonds;
  return sql<number | null>`case when ${d.webSpecialCents} > 0 then ${d.webSpecialCents}
    when ${d.catType} = ${PARCEL} then cast(round(nullif(${d.ppcCents}, 0) * cast(${gbpToUsd} as double precision)) as bigint)
    else coalesce(nullif(${d.priceCents}, 0), nullif(${d.exWebTotalCents}, 0)) end`;
}

/** An amount in the view's currency and scope -> USD cents of the trade price. */
function toUsdCents(amount: number, view: PriceView): number {
  const trade = view.scope === 'retail' ? amount / (1 + view.markupPct / 100) : amount;
  return ((trade * 100) / rateOf(view.rates, view.currency)) * rateOf(view.rates, 'USD');
}

type Cursor = { s: string; k: number | null; i: number };

export function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

function decodeCursor(raw: string, sort: string): Cursor {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Cursor;
    if (c.s === sort && Number.isInteger(c.i) && (c.k === null || typeof c.k === 'number')) return c;
  } catch {
    // fall through
  }
  throw new HttpError(400, [{ param: 'cursor', msg: 'Not a cursor of this listing (same sort)' }]);
}

function gradeFilter(
  labels: string[] | undefined,
  param: string,
  rank: (l: string) => number | null,
  from: SQL,
  to: SQL,
) {
  if (!labels?.length) return undefined;
  const ranks = labels.map((l) => {
    const r = rank(l);
    if (r == null) throw new HttpError(400, [{ param, msg: `Unknown grade ${l}` }]);
    return r;
  });
  const upper = sql`coalesce(${to}, ${from})`;
  return or(...ranks.map((r) => sql`((${r} between ${from} and ${upper}) or (${r} between ${upper} and ${from}))`));
}

const hasMedia = (type: 'image' | 'video' | '360') =>
  sql`exists (select 1 from ${diamondMedia} where ${diamondMedia.diamondId} = ${diamonds.id} and ${diamondMedia.type} = ${type})`;
const hasCertificate = sql`(${diamonds.certNumber} <> '' or exists (select 1 from ${diamondCertificates} where ${diamondCertificates.diamondId} = ${diamonds.id}))`;
const yesNo = (flag: boolean | undefined, cond: SQL) => (flag == null ? undefined : flag ? cond : sql`not ${cond}`);
const lowerIn = (col: SQLWrapper, list: string[] | undefined) =>
  list?.length
    ? sql`lower(${col}) in (${sql.join(
        list.map((s) => sql`${s.toLowerCase()}`),
        sql`, `,
      )})`
    : undefined;

/** The WHERE of a listing (in stock, plus the query's filters). */
export function stoneFilters(q: StonesQuery, view: PriceView): SQL | undefined {
  const d = diamonds;
  const price = priceUsdCents(view.rates);
  const finish = (l: string) => finishRank(finishLabel(l));
  return and(
    eq(d.inStock, true),
    q.category ? eq(d.catType, q.category === 'parcel' ? PARCEL : SINGLE) : undefined,
    q.origin === 'lab_grown' ? sql`lower(${d.source}) like '%lab%'` : undefined,
    q.origin === 'natural' ? sql`lower(${d.source}) not like '%lab%'` : undefined,
    lowerIn(d.shape, q.shape),
    q.carat_min != null ? gte(d.weight, q.carat_min) : undefined,
    q.carat_max != null ? lte(d.weight, q.carat_max) : undefined,
    q.price_min != null ? sql`${price} >= ${Math.floor(toUsdCents(q.price_min, view))}` : undefined,
    q.price_max != null ? sql`${price} <= ${Math.ceil(toUsdCents(q.price_max, view))}` : undefined,
    gradeFilter(
      q.colour?.map((s) => s.toUpperCase()),
      'colour',
      colourRank,
      sql`${d.colourFromRank}`,
      sql`${d.colourToRank}`,
    ),
    gradeFilter(
      q.clarity?.map((s) => s.toUpperCase()),
      'clarity',
      clarityRank,
      sql`${d.clarityFromRank}`,
      sql`${d.clarityToRank}`,
    ),
    gradeFilter(q.cut, 'cut', finish, sql`${d.cutFromRank}`, sql`${d.cutToRank}`),
    lowerIn(d.certLab, q.lab),
    lowerIn(d.certNumber, q.certificate_number),
    yesNo(q.has_image, hasMedia('image')),
    yesNo(q.has_video, hasMedia('video')),
    yesNo(q.has_360, hasMedia('360')),
    yesNo(q.has_certificate, hasCertificate),
  );
}

/** A finish grade by its name or its usual abbreviation (EX, VG, GD, FAR, POR), any case. */
function finishLabel(label: string): string {
  const l = label.toLowerCase();
  const i = FINISH_ABBREVIATIONS.findIndex((a) => a.toLowerCase() === l);
  return i >= 0 ? FINISH_GRADES[i]! : (FINISH_GRADES.find((g) => g.toLowerCase() === l) ?? label);
}

/** One page of a listing: the rows and the cursor of the next page (null on the last). */
export async function stonePage(
  db: Db,
  q: StonesQuery,
  view: PriceView,
): Promise<{ rows: Diamond[]; next: string | null }> {
  const descending = q.sort.startsWith('-');
  const field = q.sort.replace('-', '');
  const key: SQL | null =
    field === 'carat'
      ? sql`${diamonds.weight}`
      : field === 'price'
        ? sql`coalesce(${priceUsdCents(view.rates)}, -1)`
        : null;
  const cursor = q.cursor ? decodeCursor(q.cursor, q.sort) : null;
  const afterId = (i: number): SQL => (descending ? sql`${diamonds.id} < ${i}` : sql`${diamonds.id} > ${i}`);
  let keyset: SQL | undefined;
  if (cursor) {
    if (key == null || cursor.k == null) keyset = afterId(cursor.i);
    else {
      const cmp = descending ? sql`<` : sql`>`;
      keyset = or(sql`${key} ${cmp} ${cursor.k}`, and(sql`${key} = ${cursor.k}`, afterId(cursor.i)));
    }
  }
  const dir = descending ? desc : asc;
  const order = key == null ? [dir(diamonds.id)] : [dir(key), dir(diamonds.id)];
  const keyColumn = key ?? sql`null`;
  const found = await db
    .select({ row: diamonds, k: sql<number | null>`${keyColumn}` })
    .from(diamonds)
    .where(and(stoneFilters(q, view), keyset))
    .orderBy(...order)
    .limit(q.limit + 1);
  const more = found.length > q.limit;
  const page = more ? found.slice(0, q.limit) : found;
  const last = page.at(-1);
  const next =
    more && last ? encodeCursor({ s: q.sort, k: last.k == null ? null : Number(last.k), i: last.row.id }) : null;
  return { rows: page.map((r) => r.row), next };
}
