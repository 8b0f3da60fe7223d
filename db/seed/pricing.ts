/**
 * The demo price list: a per-carat "list" price in USD by weight bracket x colour x clarity
 * (shaped like a trade price sheet), from which stones are offered at a discount (RAP, the
 * percentage below list). Lab-grown stones sell at 10-20 % of the natural price.
 * Parcels have their own per-carat price in GBP (ppc) by size class and quality.
 */
import { CLARITIES, COLOURS, type Clarity, type Colour } from '../../src/domain/grades.ts';

/** [lower bound in carats, USD per carat for a G VS2 round] — a price sheet's weight columns. */
const WEIGHT_BRACKETS: readonly (readonly [number, number])[] = [
  [0.18, 1450],
  [0.23, 1750],
  [0.3, 2350],
  [0.4, 2750],
  [0.5, 4000],
  [0.7, 5300],
  [0.9, 6900],
  [1.0, 9600],
  [1.5, 13200],
  [2.0, 20500],
  [3.0, 31000],
  [4.0, 38000],
  [5.0, 49000],
  [10.0, 62000],
];

/** Multipliers against G (colour) and VS2 (clarity); index = rank in grades.ts. */
const COLOUR_FACTOR = [1.62, 1.42, 1.26, 1.0, 0.86, 0.72, 0.6, 0.5, 0.42, 0.36] as const;
const CLARITY_FACTOR = [1.95, 1.78, 1.52, 1.36, 1.16, 1.0, 0.82, 0.67, 0.56, 0.46, 0.33, 0.23] as const;

/** Fancy shapes are listed below rounds of the same grades. */
const SHAPE_FACTOR: Record<string, number> = { Round: 1 };
const FANCY_FACTOR = 0.82;

export function listPricePerCarat(weight: number, colour: Colour, clarity: Clarity, shape: string): number {
  let base = WEIGHT_BRACKETS[0]?.[1] ?? 0;
  for (const [from, usd] of WEIGHT_BRACKETS) if (weight >= from) base = usd;
  const c = COLOUR_FACTOR[COLOURS.indexOf(colour)] ?? 1;
  const q = CLARITY_FACTOR[CLARITIES.indexOf(clarity)] ?? 1;
  return base * c * q * (SHAPE_FACTOR[shape] ?? FANCY_FACTOR);
}

/** The whole grid, e.g. for a docs table or a test: rows = colours, columns = clarities. */
export function priceGrid(weight: number, shape = 'Round'): number[][] {
  return COLOURS.map((c) => CLARITIES.map((q) => Math.round(listPricePerCarat(weight, c, q, shape))));
}

/** Whole dollars, as cents. */
export const toWholeDollarCents = (usd: number) => Math.max(1, Math.round(usd)) * 100;

// ---------------------------------------------------------------- parcels (GBP per carat)

/** Size classes of melee and small stones: sieve plate and carats per stone. */
export const PARCEL_SIZES = [
  { sieve: '-2', from: 0.003, to: 0.005, gbp: 520, mm: 1.0 },
  { sieve: '+2-6.5', from: 0.006, to: 0.011, gbp: 610, mm: 1.3 },
  { sieve: '+6.5-8', from: 0.011, to: 0.014, gbp: 660, mm: 1.45 },
  { sieve: '+8-11', from: 0.014, to: 0.025, gbp: 720, mm: 1.65 },
  { sieve: '+11-14', from: 0.025, to: 0.04, gbp: 840, mm: 2.0 },
  { sieve: '+14-16', from: 0.04, to: 0.07, gbp: 990, mm: 2.3 },
  { sieve: '', from: 0.08, to: 0.12, gbp: 1240, mm: 2.8 },
  { sieve: '', from: 0.13, to: 0.17, gbp: 1480, mm: 3.2 },
  { sieve: '', from: 0.18, to: 0.22, gbp: 1720, mm: 3.6 },
] as const;

/** Parcel ppc: size class price x quality of the better end of the colour/clarity ranges. */
export function parcelPricePerCarat(sizeGbp: number, colourFrom: Colour, clarityFrom: Clarity): number {
  const c = COLOUR_FACTOR[COLOURS.indexOf(colourFrom)] ?? 1;
  const q = CLARITY_FACTOR[CLARITIES.indexOf(clarityFrom)] ?? 1;
  return sizeGbp * Math.sqrt(c * q); // melee prices spread less than large stones
}
