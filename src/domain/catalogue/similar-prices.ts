/**
 * Where a stone's price sits: which stones in stock are similar to it, and the summary of
 * their prices per carat.
 *
 * Similar (singles only; a parcel has no similar stones): another single of the same shape
 * (trimmed, case-insensitive) and origin (natural or lab-grown, tabs.ts `isLabGrown`), colour
 * and clarity each within one grade either side, weight within 10 % (in hundredths of a carat,
 * so 1.00 ct takes 0.90 to 1.10 ct exactly). A stone without a colour or clarity grade has none.
 * The stone itself is never one of its similar stones: the summary compares it with the others.
 *
 * The server narrows the candidates with an indexed query (`similarBounds`, a superset) and
 * then keeps those that `isSimilar` says are, so the rule lives here only.
 */
import { isParcel, type CatType } from '../diamond.ts';
import { currencySymbol, roundTo } from '../money.ts';
import { isLabGrown } from './tabs.ts';

/** Colour and clarity grades either side of the stone's. */
export const SIMILAR_GRADE_STEPS = 1;
/** Weight either side of the stone's, in percent of it. */
export const SIMILAR_WEIGHT_PCT = 10;
/** Fewer similar stones than this: the page says so instead of drawing. */
export const MIN_SIMILAR = 3;

/** What the rule reads of a stone (ranks: 0 = best, null = not graded). */
export type Comparable = {
  id: number;
  catType: CatType;
  shape: string;
  source: string;
  catName: string;
  weight: number;
  colour: number | null;
  clarity: number | null;
};

const norm = (s: string) => s.trim().toLowerCase();
const hundredths = (ct: number) => Math.round(ct * 100);
const graded = (r: number | null): r is number => r != null && Number.isInteger(r) && r >= 0;
const labGrown = (s: Comparable) => isLabGrown({ Source: s.source, StkCatName: s.catName });

/** True when `weight` is within 10 % of `of` (both in carats, compared in hundredths). */
export function weightWithin(of: number, weight: number): boolean {
  const a = hundredths(of);
  return a > 0 && Math.abs(hundredths(weight) - a) * 100 <= a * SIMILAR_WEIGHT_PCT;
}

/** True when `other` is similar to `stone` (never for the stone itself). */
export function isSimilar(stone: Comparable, other: Comparable): boolean {
  if (other.id === stone.id || isParcel(stone.catType) || isParcel(other.catType)) return false;
  if (!graded(stone.colour) || !graded(stone.clarity) || !graded(other.colour) || !graded(other.clarity)) return false;
  return (
    norm(other.shape) === norm(stone.shape) &&
    labGrown(other) === labGrown(stone) &&
    Math.abs(other.colour - stone.colour) <= SIMILAR_GRADE_STEPS &&
    Math.abs(other.clarity - stone.clarity) <= SIMILAR_GRADE_STEPS &&
    weightWithin(stone.weight, other.weight)
  );
}

/**
 * What an indexed query may narrow on: the colour and clarity ranks and a weight range that
 * holds every similar stone (a little wider than the rule, for floating point); null when the
 * stone can have none.
 */
export function similarBounds(
  stone: Comparable,
): { colours: number[]; clarities: number[]; weight: readonly [number, number] } | null {
  if (isParcel(stone.catType) || !graded(stone.colour) || !graded(stone.clarity)) return null;
  const w = hundredths(stone.weight);
  if (!(w > 0)) return null;
  const steps = (r: number) =>
    Array.from({ length: 2 * SIMILAR_GRADE_STEPS + 1 }, (_, i) => r - SIMILAR_GRADE_STEPS + i).filter((x) => x >= 0);
  const spread = (w * SIMILAR_WEIGHT_PCT) / 100;
  return {
    colours: steps(stone.colour),
    clarities: steps(stone.clarity),
    weight: [(Math.ceil(w - spread) - 0.5) / 100, (Math.floor(w + spread) + 0.5) / 100],
  };
}

/** The median: the middle value, or the mean of the two middle ones (2 decimals); null when empty. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : roundTo((sorted[mid - 1]! + sorted[mid]!) / 2, 2);
}

export type PricePosition = {
  /** similar stones that cost less, the same, more per carat than this one */
  below: number;
  same: number;
  above: number;
  /** 1 = the lowest price per carat among this stone and its similar stones (ties share the lower rank) */
  rank: number;
  /** share of the similar stones that cost less per carat, whole percent */
  percentile: number;
  /** this stone against the median in percent, 1 decimal (negative: below the median) */
  diffPct: number;
};

export type PriceSummary = {
  /** similar stones with a price */
  count: number;
  median: number | null;
  min: number | null;
  max: number | null;
  /** null when this stone has no price, or there are no similar stones to compare with */
  position: PricePosition | null;
};

/** The summary of `others` (prices per carat of the similar stones) against `own` (this stone's, or null). */
export function summarisePrices(own: number | null, others: readonly number[]): PriceSummary {
  const prices = others.filter((p) => Number.isFinite(p));
  const mid = median(prices);
  const summary: PriceSummary = {
    count: prices.length,
    median: mid,
    min: prices.length ? Math.min(...prices) : null,
    max: prices.length ? Math.max(...prices) : null,
    position: null,
  };
  if (own == null || !Number.isFinite(own) || mid == null || !(mid > 0)) return summary;
  const below = prices.filter((p) => p < own).length;
  const above = prices.filter((p) => p > own).length;
  summary.position = {
    below,
    same: prices.length - below - above,
    above,
    rank: below + 1,
    percentile: Math.round((100 * below) / prices.length),
    diffPct: roundTo(((own - mid) / mid) * 100, 1),
  };
  return summary;
}

const WHOLE = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
/** A price per carat in whole units: '$4,210'. */
export const wholePrice = (amount: number, ccy: string) => `${currencySymbol(ccy)}${WHOLE.format(Math.round(amount))}`;

const stones = (n: number) => `${n} similar stone${n === 1 ? '' : 's'}`;

/** The text summary the chart carries (and what a screen reader reads instead of the chart). */
export function summaryText(own: number | null, s: PriceSummary, ccy: string): string {
  if (s.count < MIN_SIMILAR || s.median == null) {
    const few =
      s.count === 0
        ? 'No similar stones are'
        : s.count === 1
          ? 'Only 1 similar stone is'
          : `Only ${s.count} similar stones are`;
    return `${few} in stock: too few to show where this price sits.`;
  }
  const of = `the median of ${stones(s.count)} in stock (${wholePrice(s.median, ccy)})`;
  if (own == null || s.position == null) return `This stone has no price; ${of}.`;
  const pct = Math.round(Math.abs(s.position.diffPct));
  const where = pct === 0 ? `is at ${of}` : `is ${pct} % ${s.position.diffPct < 0 ? 'below' : 'above'} ${of}`;
  const cheaper = s.position.below;
  return (
    `This stone's price per carat, ${wholePrice(own, ccy)}, ${where}. ` +
    `${cheaper} of them ${cheaper === 1 ? 'costs' : 'cost'} less per carat.`
  );
}
