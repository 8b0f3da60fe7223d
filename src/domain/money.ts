/**
 * Money and weight display, shared by the browser and the server (pure, no DOM).
 *
 * Rules from the catalogue spec ("Pricing and display"):
 * - Conversion: amount divided by the source rate times the target rate, rounded to 2 decimals.
 *   Parcel ppc is based in GBP; every other price is based in USD.
 * - Displayed price: WebSpecial when above 0, else price, else ExWebTotal. Parcels use the
 *   special price or ppc.
 * - Single-stone prices are rounded to whole currency units, then shown as 0,0.00 with the
 *   currency symbol (cents may be rendered small: see `priceParts`).
 * - Weight: 2 decimals followed by ct. Missing values display '-'.
 */
import { isParcel, type CatType } from './diamond.ts';

export const CURRENCY_CODES = ['GBP', 'USD', 'EUR', 'JPY', 'NZD'] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** A rate as `GET /api/v1/site` sends it: rates share one base, so any pair converts. */
export type FxRate = { currency: string; ExRate: number; default?: boolean };

export const CURRENCY_SYMBOLS: Record<CurrencyCode, string> = {
  GBP: '£',
  USD: '$',
  EUR: '€',
  JPY: '¥',
  NZD: 'NZ$',
};

/** The base currency of stored stone prices (price, ExWebTotal, WebSpecial). */
export const STONE_BASE_CCY: CurrencyCode = 'USD';
/** The base currency of a parcel's price per carat. */
export const PARCEL_PPC_BASE_CCY: CurrencyCode = 'GBP';

/** What a missing value shows as. */
export const MISSING = '-';

/**
 * Rounds half away from zero at `places` decimals, exact for decimal inputs such as 1.005
 * (plain `Math.round(x * 100) / 100` gives 1 there because 1.005 * 100 = 100.49999...).
 */
export function roundTo(value: number, places = 2): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e${places}`));
  return sign * Number(`${shifted}e-${places}`);
}

export class UnknownCurrencyError extends Error {
  readonly currency: string;
  constructor(currency: string) {
    super(`No exchange rate for ${currency}`);
    this.name = 'UnknownCurrencyError';
    this.currency = currency;
  }
}

function rateOf(ccy: string, rates: readonly FxRate[]): number {
  const found = rates.find((r) => r.currency === ccy);
  if (!found || !(found.ExRate > 0)) throw new UnknownCurrencyError(ccy);
  return found.ExRate;
}

/** amount / rate(from) * rate(to), rounded to 2 decimals. Same currency: just rounded. */
export function convert(amount: number, fromCcy: string, toCcy: string, rates: readonly FxRate[]): number {
  if (fromCcy === toCcy) return roundTo(amount, 2);
  return roundTo((amount / rateOf(fromCcy, rates)) * rateOf(toCcy, rates), 2);
}

/** The currency flagged default in the rates, else the first one, else GBP. */
export function defaultCurrency(rates: readonly FxRate[]): string {
  return rates.find((r) => r.default)?.currency ?? rates[0]?.currency ?? 'GBP';
}

export function currencySymbol(ccy: string): string {
  return (CURRENCY_SYMBOLS as Record<string, string>)[ccy] ?? `${ccy} `;
}

const GROUPED = new Intl.NumberFormat('en-GB', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
});

export type PriceParts = { sign: '' | '-'; symbol: string; whole: string; cents: string };

/** The pieces of a formatted price, so a view can render the cents small. */
export function priceParts(amount: number, ccy: string): PriceParts {
  const rounded = roundTo(amount, 2);
  const text = GROUPED.format(Math.abs(rounded)); // '1,234.50'
  const dot = text.lastIndexOf('.');
  return {
    sign: rounded < 0 ? '-' : '',
    symbol: currencySymbol(ccy),
    whole: text.slice(0, dot),
    cents: text.slice(dot + 1),
  };
}

/** '£1,234.50'; '-' for a missing or non-numeric amount. */
export function formatPrice(amount: number | null | undefined, ccy: string): string {
  if (amount == null || !Number.isFinite(amount)) return MISSING;
  const p = priceParts(amount, ccy);
  return `${p.sign}${p.symbol}${p.whole}.${p.cents}`;
}

/** '1.23ct'; '-' when missing. */
export function formatWeight(weight: number | null | undefined): string {
  if (weight == null || !Number.isFinite(weight)) return MISSING;
  return `${roundTo(weight, 2).toFixed(2)}ct`;
}

/** A price in a given currency, ready to format. */
export type Money = { amount: number; ccy: string };

/** The price fields of a stone as the API sends them to a signed-in user. */
export type PricedStone = {
  StkCatType: CatType;
  STWeight: number;
  WebSpecial?: number | string | null;
  price?: number | null;
  ExWebTotal?: number | null;
  ppc?: number | null;
};

/** A number above 0 (numeric strings too), else null. */
export const positive = (n: number | string | null | undefined): number | null => {
  const v = typeof n === 'string' ? Number(n) : n;
  return v != null && Number.isFinite(v) && v > 0 ? v : null;
};

/**
 * The price a list shows for a stone, in the chosen currency; null when the stone carries
 * no price (a visitor's view, or no price on file).
 * Singles: WebSpecial, else price, else ExWebTotal (USD), converted and rounded to whole units.
 * Parcels: WebSpecial (USD) converted, else ppc (GBP) converted; not rounded to whole units.
 */
export function displayPrice(stone: PricedStone, ccy: string, rates: readonly FxRate[]): Money | null {
  const listed = listedPrice(stone);
  if (listed == null) return null;
  const amount = convert(listed.amount, listed.ccy, ccy, rates);
  return { amount: isParcel(stone.StkCatType) ? amount : Math.round(amount), ccy };
}

/**
 * The price `displayPrice` shows, before conversion: in its stored currency (USD, or GBP for a
 * parcel's ppc) and unrounded. Null when the stone carries no price.
 */
export function listedPrice(stone: PricedStone): Money | null {
  const special = positive(stone.WebSpecial);
  if (special != null) return { amount: special, ccy: STONE_BASE_CCY };
  if (isParcel(stone.StkCatType)) {
    const ppc = positive(stone.ppc);
    return ppc == null ? null : { amount: ppc, ccy: PARCEL_PPC_BASE_CCY };
  }
  const base = positive(stone.price) ?? positive(stone.ExWebTotal);
  return base == null ? null : { amount: base, ccy: STONE_BASE_CCY };
}

/**
 * Price per carat: a parcel's ppc (GBP) converted; for a single, the displayed price
 * divided by its weight (2 decimals). Null when unpriced.
 */
export function pricePerCarat(stone: PricedStone, ccy: string, rates: readonly FxRate[]): Money | null {
  if (isParcel(stone.StkCatType)) {
    const ppc = positive(stone.ppc);
    return ppc == null ? null : { amount: convert(ppc, PARCEL_PPC_BASE_CCY, ccy, rates), ccy };
  }
  const total = displayPrice(stone, ccy, rates);
  if (total == null || !(stone.STWeight > 0)) return null;
  return { amount: roundTo(total.amount / stone.STWeight, 2), ccy };
}

/** Carats to 2 or 3 decimals, so the smallest parcel stones keep their size: 0.003, 0.08, 1.50. */
export const caratText = (ct: number): string => ct.toFixed(3).replace(/(\.\d\d)0$/, '$1');

/**
 * A parcel's stone size from the carat ranks of its Size range (its From/To labels are rounded
 * to 2 decimals and read 0.00 for the smallest stones): '0.003 to 0.005 ct', '0.01 ct'.
 */
export function formatSize(size: { rank: readonly number[] } | null | undefined): string {
  const [from, to] = size?.rank ?? [];
  if (from == null || !Number.isFinite(from)) return MISSING;
  const [a, b] = [caratText(from), caratText(to ?? from)];
  return `${a === b ? a : `${a} to ${b}`} ct`;
}

/** A graded range as 'From to To', a single label when From equals To, '-' when missing. */
export function formatRange(range: { From: string; To: string } | null | undefined): string {
  if (!range || !range.From) return MISSING;
  return !range.To || range.To === range.From ? range.From : `${range.From} to ${range.To}`;
}

/** Length x width x depth in mm to 2 decimals, joined with ' x '; '-' when none is known. */
export function formatMeasurements(...mm: (number | null | undefined)[]): string {
  if (mm.every((m) => m == null || !Number.isFinite(m))) return MISSING;
  return mm.map((m) => (m == null || !Number.isFinite(m) ? MISSING : roundTo(m, 2).toFixed(2))).join(' x ');
}
