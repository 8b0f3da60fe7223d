/**
 * Where a stone's price sits among similar stones in stock (the rule and the summary:
 * src/domain/catalogue/similar-prices.ts), priced per carat in the trader's currency by
 * money.ts's own rules.
 *
 * Every stone in stock counts, held and reserved ones too: a hold is for a few days, and the
 * price it holds is still the shop's price for such a stone. Stones that left the stock do not.
 * The query narrows by the indexed columns (in stock, category, colour and clarity ranks,
 * weight: diamonds_similar_idx) to a superset, and the domain rule picks the similar ones.
 */
import { and, between, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamonds, type Diamond } from '../../../db/tables.ts';
import {
  isSimilar,
  similarBounds,
  summarisePrices,
  type Comparable,
  type PriceSummary,
} from '../../../src/domain/catalogue/similar-prices.ts';
import { SINGLE } from '../../../src/domain/diamond.ts';
import { defaultCurrency, pricePerCarat, type FxRate } from '../../../src/domain/money.ts';
import { loadRates } from '../trade/bag.ts';

export type SimilarPrices = {
  ccy: string;
  /** this stone's price per carat (null: no price on file) */
  own: number | null;
  /** the similar stones' prices per carat, lowest first */
  points: number[];
  summary: PriceSummary;
};

const COLUMNS = {
  id: diamonds.id,
  catType: diamonds.catType,
  shape: diamonds.shape,
  source: diamonds.source,
  catName: diamonds.catName,
  weight: diamonds.weight,
  colour: diamonds.colourFromRank,
  clarity: diamonds.clarityFromRank,
  priceCents: diamonds.priceCents,
  exWebTotalCents: diamonds.exWebTotalCents,
  webSpecialCents: diamonds.webSpecialCents,
};
type Row = Comparable & Pick<Diamond, 'priceCents' | 'exWebTotalCents' | 'webSpecialCents'>;

const major = (cents: number | null) => (cents == null ? null : cents / 100);

function perCarat(row: Row, ccy: string, rates: readonly FxRate[]): number | null {
  return (
    pricePerCarat(
      {
        StkCatType: row.catType,
        STWeight: row.weight,
        WebSpecial: major(row.webSpecialCents),
        price: major(row.priceCents),
        ExWebTotal: major(row.exWebTotalCents),
      },
      ccy,
      rates,
    )?.amount ?? null
  );
}

/** The stone's similar stones in stock, priced in `ccy` (else the shop's default currency). */
export async function similarPrices(db: Db, stone: Diamond, ccy?: string | null): Promise<SimilarPrices> {
  const rates = await loadRates(db);
  const currency = ccy && rates.some((r) => r.currency === ccy) ? ccy : defaultCurrency(rates);
  const self: Row = { ...stone, colour: stone.colourFromRank, clarity: stone.clarityFromRank };
  const bounds = similarBounds(self);
  const rows: Row[] = bounds
    ? await db
        .select(COLUMNS)
        .from(diamonds)
        .where(
          and(
            eq(diamonds.inStock, true),
            eq(diamonds.catType, SINGLE),
            inArray(diamonds.colourFromRank, bounds.colours),
            inArray(diamonds.clarityFromRank, bounds.clarities),
            between(diamonds.weight, bounds.weight[0], bounds.weight[1]),
          ),
        )
    : [];
  const points = rows
    .filter((r) => isSimilar(self, r))
    .map((r) => perCarat(r, currency, rates))
    .filter((p): p is number => p != null)
    .sort((a, b) => a - b);
  const own = perCarat(self, currency, rates);
  return { ccy: currency, own, points, summary: summarisePrices(own, points) };
}
