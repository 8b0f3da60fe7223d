/**
 * The client price: what a trader's client reads on a client page, in its API answer and in
 * its PDF. One rule, computed here only:
 *
 *   client price = trade price x (1 + markup / 100), in the page's currency
 *
 * - The trade price is the one the catalogue shows the trader (money.ts `displayPrice`: the
 *   special, else the price, else ExWebTotal per stone, converted and rounded to whole units;
 *   a parcel's special or ppc per carat, converted, to the cent).
 * - The markup is held in tenths of a percent (12.5 % = 125), so the product is exact in
 *   integers of minor units: minor x (1000 + tenths) / 1000.
 * - It is then rounded half up as the site rounds that price: whole units for a stone, cents
 *   for a parcel's price per carat.
 */
import { isParcel } from '../diamond.ts';
import { displayPrice, type FxRate, type PricedStone } from '../money.ts';

export const MARKUP_MIN_PCT = 0;
export const MARKUP_MAX_PCT = 300;

/** A percentage (one decimal kept) as tenths: 12.5 -> 125. */
export const markupTenths = (pct: number): number => Math.round(pct * 10);
/** Tenths back to the percentage a trader typed: 125 -> 12.5. */
export const markupPct = (tenths: number): number => tenths / 10;

/**
 * `minor` (cents) marked up by `tenths` and rounded half up to a multiple of `step` cents
 * (100: whole units, 1: cents). Exact: every figure is an integer far below 2^53, and the
 * quotient is never within 1e-5 of the next integer unless it is one.
 */
export function markUpMinor(minor: number, tenths: number, step: 1 | 100): number {
  const scaled = minor * (1000 + tenths);
  const unit = 1000 * step;
  return Math.floor((scaled + unit / 2) / unit) * step;
}

export type ClientPrice = { amount: number; currency: string; unit: 'stone' | 'carat' };

/** The client price of a stone (null when it carries no trade price). */
export function clientPrice(
  stone: PricedStone,
  tenths: number,
  currency: string,
  rates: readonly FxRate[],
): ClientPrice | null {
  const trade = displayPrice(stone, currency, rates);
  if (trade == null) return null;
  const perCarat = isParcel(stone.StkCatType);
  const minor = markUpMinor(Math.round(trade.amount * 100), tenths, perCarat ? 1 : 100);
  return { amount: minor / 100, currency, unit: perCarat ? 'carat' : 'stone' };
}
