/**
 * The bag's inputs as valibot schemas, parsed by the browser before sending and by the API:
 *
 *   POST  /profile/bag              BagAddSchema
 *   PATCH /profile/bag/:diamondId   BagPatchSchema
 *   POST  /profile/bagRequest       BagRequestSchema: { bagItems: [{ stock, itemPrice?, ppc?, type,
 *                                   selectedUnit?, quantity? }], orderNotes, acceptsAnyAlternatives,
 *                                   terms?, ccy, totalPrice, ExRate }
 *
 * itemPrice is left out for a parcel in items mode; totalPrice is 'N/A' (or null) when any
 * parcel is in items mode. The server recomputes every price and accepts the client's total
 * only within TOTAL_TOLERANCE.
 */
import * as v from 'valibot';
import { CURRENCY_CODES } from '../money.ts';
import { QUANTITY_CEILING } from './lines.ts';
import { NOT_AVAILABLE } from './pricing.ts';
import { REQUEST_TERMS } from '../trade/request-lifecycle.ts';

/** The client's total (and each item price) may differ from the server's by at most a cent. */
export const TOTAL_TOLERANCE = 0.01;
export const ORDER_NOTES_MAX = 5000;
export const ORDER_NOTES_ROWS = 20;
export const BAG_MAX_ITEMS = 500;

const id = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/, 'Stock id must be a number'), v.transform(Number))]),
  v.number(),
  v.integer('Stock id must be a whole number'),
  v.minValue(1, 'Stock id must be a whole number'),
);
export const UnitSchema = v.picklist(['weight', 'items'], 'Unit is weight or items');
const unit = UnitSchema;
export const QuantitySchema = v.pipe(
  v.number('Quantity must be a number'),
  v.finite('Quantity must be a number'),
  v.gtValue(0, 'Quantity must be above 0'),
  v.maxValue(QUANTITY_CEILING, `Quantity cannot be above ${QUANTITY_CEILING.toLocaleString('en-GB')}`),
);
const quantity = QuantitySchema;
const money = v.pipe(
  v.number('Price must be a number'),
  v.finite('Price must be a number'),
  v.minValue(0, 'Price cannot be negative'),
);

export const BagAddSchema = v.object({
  diamondId: id,
  selectedUnit: v.optional(unit),
  quantity: v.optional(quantity),
  acceptsAlternatives: v.optional(v.boolean()),
});
export type BagAddInput = v.InferOutput<typeof BagAddSchema>;

export const BagPatchSchema = v.object({
  selectedUnit: v.optional(unit),
  quantity: v.optional(quantity),
  acceptsAlternatives: v.optional(v.boolean()),
});
export type BagPatchInput = v.InferOutput<typeof BagPatchSchema>;

export const BagRequestItemSchema = v.object({
  stock: id,
  itemPrice: v.optional(v.nullable(money)),
  ppc: v.optional(v.nullable(money)),
  type: v.picklist(['parcel', 'single'], 'Type is parcel or single'),
  selectedUnit: v.optional(unit),
  quantity: v.optional(quantity),
});
export type BagRequestItem = v.InferOutput<typeof BagRequestItemSchema>;

export const BagRequestSchema = v.object({
  bagItems: v.pipe(
    v.array(BagRequestItemSchema, 'Bag items are required'),
    v.minLength(1, 'Your bag is empty'),
    v.maxLength(BAG_MAX_ITEMS, `At most ${BAG_MAX_ITEMS} items per request`),
  ),
  orderNotes: v.optional(
    v.pipe(v.string(), v.maxLength(ORDER_NOTES_MAX, `Order notes are at most ${ORDER_NOTES_MAX} characters`)),
    '',
  ),
  acceptsAnyAlternatives: v.optional(v.boolean(), false),
  /** memo (on approval) or invoice; invoice when left out */
  terms: v.optional(v.picklist(REQUEST_TERMS, 'Terms are memo or invoice'), 'invoice'),
  ccy: v.picklist(CURRENCY_CODES, 'Unknown currency'),
  /** 'N/A' or null when any parcel is priced by items */
  totalPrice: v.union([money, v.literal(NOT_AVAILABLE), v.null()], 'Total price must be a number or N/A'),
  ExRate: v.pipe(v.number('Exchange rate must be a number'), v.gtValue(0, 'Exchange rate must be above 0')),
});
export type BagRequestInput = v.InferInput<typeof BagRequestSchema>;
export type BagRequestParsed = v.InferOutput<typeof BagRequestSchema>;

/** Two amounts (null = N/A) agree when both are N/A or they differ by at most a cent. */
export function amountsAgree(client: number | null | undefined | string, server: number | null): boolean {
  const c = typeof client === 'number' ? client : null;
  if (c == null || server == null) return c == null && server == null;
  return Math.abs(c - server) <= TOTAL_TOLERANCE + 1e-9;
}

/** Exchange rates agree to 6 significant digits (a float round trip must not fail a request). */
export const ratesAgree = (a: number, b: number): boolean => Math.abs(a - b) <= Math.abs(b) * 1e-6;
