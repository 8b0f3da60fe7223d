/**
 * Bag line rules, shared by the bag page and the server:
 * - Singles are bought whole: quantity 1 in weight mode (their own weight is what is priced).
 * - Parcels switch between weight (carats, step 0.01, default 0.01) and items (a count, step 1).
 *   Switching to weight sets the quantity to 0.01; switching to items sets it to 1.
 * - A parcel's weight is numeric, above 0, to 2 decimals and not above the parcel's weight;
 *   an item count is a whole number above 0 and not above the stones the parcel can hold (its
 *   weight over its smallest stone size).
 */
import { isParcel } from '../diamond.ts';
import { BAG_UNITS, DEFAULT_BAG_WEIGHT, type BagUnit } from './pricing.ts';
import { roundTo } from '../money.ts';

export { BAG_UNITS, DEFAULT_BAG_WEIGHT, type BagUnit };
export const WEIGHT_STEP = 0.01;
export const ITEMS_STEP = 1;
export const DEFAULT_ITEMS = 1;

export type StockKind = 'single' | 'parcel';
export const kindOf = (d: { StkCatType: string }): StockKind => (isParcel(d.StkCatType) ? 'parcel' : 'single');

/** The quantity a unit switch leaves: weight -> 0.01, items -> 1. */
export const quantityForUnit = (unit: BagUnit): number => (unit === 'items' ? DEFAULT_ITEMS : DEFAULT_BAG_WEIGHT);

/** The step of a unit: 0.01 ct in weight mode, 1 in items mode. */
export const stepOf = (unit: BagUnit): number => (unit === 'items' ? ITEMS_STEP : WEIGHT_STEP);

/** The largest quantity of a unit within the parcel's limits (undefined: none known). */
export const maxOf = (unit: BagUnit, limits: StockLimits): number | undefined =>
  unit === 'items' ? limits.items : limits.weight != null ? roundTo(limits.weight, 2) : undefined;

/** One step up (+1) or down (-1), never below one step, and never above `max`. */
export function stepQuantity(unit: BagUnit, quantity: number, direction: 1 | -1, max?: number): number {
  const step = stepOf(unit);
  const base = Number.isFinite(quantity) ? quantity : step;
  let next = unit === 'items' ? Math.round(base) + direction : roundTo(base + direction * step, 2);
  if (next < step) next = step;
  if (max != null && Number.isFinite(max) && next > max) next = unit === 'items' ? Math.floor(max) : roundTo(max, 2);
  return next;
}

/** The smallest stone a parcel is taken to hold when it names no size (carats). */
export const SMALLEST_STONE_CT = 0.001;
/** No quantity of any line goes above this (the largest parcel's stones stay well below it). */
export const QUANTITY_CEILING = 1_000_000;

/** What bounds a parcel's quantity: its weight (ct), the most stones it holds, its stock code. */
export type StockLimits = { weight?: number; items?: number; name?: string };

/** The most stones a parcel of `weight` ct holds when each weighs at least `smallest` ct. */
export function maxItemsOf(weight: number, smallest?: number | null): number {
  const each = smallest != null && smallest > 0 ? smallest : SMALLEST_STONE_CT;
  return Math.max(1, Math.floor(weight / each + 1e-9));
}

/** The limits of a stone as the catalogue sends it (weight, size range, stock code). */
export function limitsOfDoc(d: { STWeight: number; StkCodeCalcNS?: string; Size?: { From?: string } | null }) {
  const smallest = Number(d.Size?.From);
  return {
    weight: d.STWeight,
    items: maxItemsOf(d.STWeight, Number.isFinite(smallest) ? smallest : null),
    name: d.StkCodeCalcNS,
  } satisfies StockLimits;
}

/** "Parcel P123 holds at most 250 stones": the count's limit, naming the parcel when known. */
export const tooManyItems = (max: number, name?: string): string =>
  `${name ? `Parcel ${name}` : 'This parcel'} holds at most ${max.toLocaleString('en-GB')} stone${max === 1 ? '' : 's'}`;

export const QUANTITY_MESSAGES = {
  required: 'Quantity is required',
  positive: 'Quantity must be above 0',
  decimals: 'Weight is in steps of 0.01 ct',
  whole: 'Items are counted in whole numbers',
  tooHeavy: 'Weight cannot be above the parcel weight',
  single: 'A single stone is bought whole',
} as const;

/** Why a quantity is not allowed for a line, or null when it is, within the parcel's `limits`. */
export function quantityError(
  kind: StockKind,
  unit: BagUnit,
  quantity: unknown,
  limits: StockLimits = {},
): string | null {
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return QUANTITY_MESSAGES.required;
  if (kind === 'single') return unit === 'weight' && quantity === 1 ? null : QUANTITY_MESSAGES.single;
  if (!(quantity > 0)) return QUANTITY_MESSAGES.positive;
  if (unit === 'items') {
    if (!Number.isInteger(quantity)) return QUANTITY_MESSAGES.whole;
    return limits.items != null && quantity > limits.items ? tooManyItems(limits.items, limits.name) : null;
  }
  if (Math.abs(roundTo(quantity, 2) - quantity) > 1e-9) return QUANTITY_MESSAGES.decimals;
  if (limits.weight != null && quantity > limits.weight + 1e-9) return QUANTITY_MESSAGES.tooHeavy;
  return null;
}

/** Quantity a fresh line starts with: singles 1, parcels 0.01 ct (or 1 item). */
export const initialQuantity = (kind: StockKind, unit: BagUnit = 'weight'): number =>
  kind === 'single' ? 1 : quantityForUnit(unit);

/** '0.05 ct' in weight mode, '3' in items mode. */
export function formatQuantity(unit: BagUnit, quantity: number): string {
  return unit === 'items' ? String(Math.round(quantity)) : `${roundTo(quantity, 2).toFixed(2)} ct`;
}

/**
 * How much of a line is asked for, as the bag, the staff desk and the request e-mails write it:
 * a parcel's weight ('2.50 ct') or stone count ('12 items', '1 item'); null for a single stone,
 * which is bought whole (its own weight is in its description, never a quantity).
 */
export function lineQuantity(line: { type: string; selectedUnit: BagUnit; quantity: number }): string | null {
  if (line.type !== 'parcel') return null;
  if (line.selectedUnit === 'weight') return formatQuantity('weight', line.quantity);
  const n = Math.round(line.quantity);
  return `${n} item${n === 1 ? '' : 's'}`;
}
