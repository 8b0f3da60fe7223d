/**
 * The inputs of a request's steps as valibot schemas, parsed by the screens and the API:
 *
 *   staff  PATCH /admin/requests/:id             RequestUpdateSchema { status?, staffNotes?, terms?, carrierRef?, note? }
 *          POST  /admin/requests/:id/lines/:line LineAnswerSchema { answer, stockCode? }
 *   buyer  POST  /profile/requests/:id/lines/:line/reply  AlternativeReplySchema { reply }
 *   both   POST  .../requests/:id/messages       RequestMessageSchema { body }
 */
import * as v from 'valibot';
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
