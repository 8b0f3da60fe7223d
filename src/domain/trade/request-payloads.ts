/**
 * The inputs of a request's steps as valibot schemas, parsed by the screens and the API:
 *
 *   staff  PATCH /admin/requests/:id             RequestUpdateSchema { status?, staffNotes?, terms?, carrierRef?, note? }
 *          POST  /admin/requests/:id/lines/:line LineAnswerSchema { answer, stockCode? }
 *   buyer  POST  /profile/requests/:id/lines/:line/reply  AlternativeReplySchema { reply }
 *   both   POST  .../requests/:id/messages       RequestMessageSchema { body }
 *   API Link POST /requests                      LinkRequestSchema { lines: [{ stock_code, unit?, quantity? }],
 *                                                terms, notes?, accepts_alternatives?, currency? }
 */
import * as v from 'valibot';
import { BAG_MAX_ITEMS, ORDER_NOTES_MAX, QuantitySchema, UnitSchema } from '../bag/payload.ts';
import { CURRENCY_CODES } from '../money.ts';
import { ALTERNATIVE_REPLIES, REQUEST_STATES, REQUEST_TERMS } from './request-lifecycle.ts';

export const MESSAGE_MAX = 4000;
export const STAFF_NOTES_MAX = 5000;
export const CARRIER_REF_MAX = 120;

const stockCode = v.pipe(
  v.string('Stock code is required'),
  v.trim(),
  v.minLength(1, 'Stock code is required'),
  v.maxLength(64, 'Stock code is at most 64 characters'),
);

export const RequestUpdateSchema = v.object(
  {
    status: v.optional(v.picklist(REQUEST_STATES, `status must be one of ${REQUEST_STATES.join(', ')}`)),
    staffNotes: v.optional(
      v.pipe(
        v.string('staffNotes must be text'),
        v.maxLength(STAFF_NOTES_MAX, `staffNotes must be at most ${STAFF_NOTES_MAX} characters`),
      ),
    ),
    terms: v.optional(v.picklist(REQUEST_TERMS, 'Terms are memo or invoice')),
    carrierRef: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(CARRIER_REF_MAX, `At most ${CARRIER_REF_MAX} characters`)),
    ),
    note: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'At most 500 characters'))),
  },
  'The request body must be a JSON object',
);

export const LineAnswerSchema = v.variant(
  'answer',
  [
    v.object({ answer: v.literal('confirmed') }),
    v.object({ answer: v.literal('unavailable') }),
    v.object({ answer: v.literal('alternative'), stockCode }),
  ],
  'answer is confirmed, unavailable or alternative',
);

export const AlternativeReplySchema = v.object({
  reply: v.picklist(ALTERNATIVE_REPLIES, 'reply is accepted or refused'),
});

export const RequestMessageSchema = v.object({
  body: v.pipe(
    v.string('Write a message'),
    v.trim(),
    v.minLength(1, 'Write a message'),
    v.maxLength(MESSAGE_MAX, `At most ${MESSAGE_MAX} characters`),
  ),
});

/**
 * A request through API Link: the lines by stock code, priced by the server as the bag's are
 * (a single stone whole, quantity 1; a parcel by weight in carats or by items, with a quantity).
 */
export const LinkRequestSchema = v.object({
  lines: v.pipe(
    v.array(
      v.object({
        stock_code: v.pipe(
          v.string('stock_code must be text'),
          v.trim(),
          v.minLength(1, 'stock_code is required'),
          v.maxLength(64, 'stock_code is at most 64 characters'),
        ),
        unit: v.pipe(v.optional(UnitSchema), v.description('Parcels: weight (carats, default) or items (a count)')),
        quantity: v.pipe(
          v.optional(QuantitySchema),
          v.description('Single stones: 1 (the default). Parcels: carats (0.01 steps) or a whole count; required'),
        ),
      }),
      'lines must be a list',
    ),
    v.minLength(1, 'At least one line'),
    v.maxLength(BAG_MAX_ITEMS, `At most ${BAG_MAX_ITEMS} lines per request`),
  ),
  terms: v.picklist(REQUEST_TERMS, 'Terms are memo or invoice'),
  notes: v.optional(
    v.pipe(
      v.string('notes must be text'),
      v.maxLength(ORDER_NOTES_MAX, `Notes are at most ${ORDER_NOTES_MAX} characters`),
    ),
    '',
  ),
  accepts_alternatives: v.pipe(
    v.optional(v.boolean('accepts_alternatives must be true or false'), false),
    v.description('Staff may offer another stone for any line'),
  ),
  currency: v.pipe(
    v.optional(v.picklist(CURRENCY_CODES, `currency must be one of ${CURRENCY_CODES.join(', ')}`)),
    v.description("Prices and totals in this currency (the shop's rates); default: the shop's default currency"),
  ),
});
export type LinkRequestInput = v.InferOutput<typeof LinkRequestSchema>;
