/**
 * API Link's trade shapes, holds and requests (valibot, as in schemas.ts: the same schemas
 * validate the calls and become the OpenAPI document). The bodies of POST /holds and POST
 * /requests are the domain's LinkHoldSchema and LinkRequestSchema (src/domain/trade/).
 */
import * as v from 'valibot';
import { HOLD_END_REASONS } from '../../src/domain/trade/holds.ts';
import { CURRENCIES } from '../../db/schema.ts';
import { BAG_UNITS } from '../../src/domain/bag/pricing.ts';
import {
  ALTERNATIVE_REPLIES,
  LINE_ANSWERS,
  REQUEST_STATES,
  REQUEST_TERMS,
} from '../../src/domain/trade/request-lifecycle.ts';
import { isoTime, UNKNOWN_PARAM } from './schemas.ts';

const d = v.description;

export const MoneySchema = v.pipe(
  v.object({
    amount: v.pipe(v.string(), v.regex(/^\d+\.\d{2}$/), d('Decimal string, 2 decimals')),
    currency: v.pipe(v.picklist(CURRENCIES), d("The request's currency")),
  }),
  d('An amount in the request’s currency'),
);
const amount = (text: string) => v.pipe(v.nullable(MoneySchema), d(text));

export const LinkRequestLineSchema = v.object({
  id: v.number(),
  stock_code: v.string(),
  category: v.picklist(['stone', 'parcel']),
  description: v.string(),
  unit: v.pipe(v.picklist(BAG_UNITS), d('weight: carats; items: a count (parcels)')),
  quantity: v.number(),
  accepts_alternatives: v.boolean(),
  price_per_carat: amount('As sent'),
  price: amount('The line as sent; null (N/A) for a parcel priced by items'),
  answer: v.pipe(
    v.picklist(LINE_ANSWERS),
    d('pending until staff answer; confirmed (kept for you), unavailable, or alternative (see `alternative`)'),
  ),
  alternative: v.pipe(
    v.nullable(
      v.object({
        stock_code: v.string(),
        description: v.string(),
        price: amount('Priced in the request’s currency'),
        reply: v.pipe(v.nullable(v.picklist(ALTERNATIVE_REPLIES)), d('Your answer; null while open')),
      }),
    ),
    d('The stone staff offer instead; null unless answer is alternative'),
  ),
  reserved: v.pipe(v.boolean(), d('The stone (or the accepted alternative) is kept for you')),
  amount: amount('What the line costs now: its price, the accepted alternative’s, or 0'),
});

export const LinkRequestEventSchema = v.object({
  at: isoTime,
  who: v.pipe(v.string(), d('Your name, or "Facet Trade staff"')),
  actor: v.picklist(['buyer', 'staff', 'system']),
  kind: v.pipe(v.string(), d('created, state, line, alternative, terms, message')),
  from: v.nullable(v.picklist(REQUEST_STATES)),
  to: v.nullable(v.picklist(REQUEST_STATES)),
  what: v.pipe(v.string(), d('One plain sentence')),
});

export const LinkRequestSchema = v.object({
  id: v.number(),
  state: v.pipe(
    v.picklist(REQUEST_STATES),
    d('submitted → in_review → confirmed | declined → shipped → completed; returned (memo); cancelled'),
  ),
  terms: v.picklist(REQUEST_TERMS),
  currency: v.picklist(CURRENCIES),
  exchange_rate: v.pipe(v.number(), d('The shop’s rate from USD when it was sent')),
  notes: v.string(),
  accepts_alternatives: v.boolean(),
  carrier_reference: v.pipe(v.nullable(v.string()), d('Given when shipped')),
  total_sent: amount('The total as sent; null (N/A) when a parcel is priced by items'),
  total: amount('The total now, after staff’s answers'),
  created_at: isoTime,
  updated_at: isoTime,
  lines: v.array(LinkRequestLineSchema),
  timeline: v.pipe(v.array(LinkRequestEventSchema), d('Oldest first')),
  messages: v.pipe(
    v.array(
      v.object({
        at: isoTime,
        author: v.picklist(['buyer', 'staff', 'system']),
        who: v.string(),
        body: v.string(),
      }),
    ),
    d('The thread with staff (write on /my-account)'),
  ),
});

/**
 * POST /requests with a test key: the request as it would be, checked and priced as a real one,
 * but never kept, so it has no id (nor have its lines): nothing it carries can ever name
 * something else (as a test key's saved search, `id: null`).
 */
export const LinkTestRequestSchema = v.pipe(
  v.object({
    ...LinkRequestSchema.entries,
    id: v.pipe(v.null(), d('null: a test key’s request is not kept, so it has no id (GET /requests does not know it)')),
    lines: v.array(
      v.object({
        ...LinkRequestLineSchema.entries,
        id: v.pipe(v.null(), d('null: not kept')),
      }),
    ),
    test: v.pipe(
      v.literal(true),
      d(
        'Sent with a test key: checked and priced as a real request, but not kept, reserving nothing and reaching no staff',
      ),
    ),
  }),
  d('A test key’s request: answered as it would be, not kept'),
);
export const LinkSentRequestSchema = v.union([LinkRequestSchema, LinkTestRequestSchema]);

export const LinkRequestSummarySchema = v.object({
  id: v.number(),
  state: v.picklist(REQUEST_STATES),
  terms: v.picklist(REQUEST_TERMS),
  currency: v.picklist(CURRENCIES),
  line_count: v.number(),
  total_sent: amount('The total as sent'),
  total: amount('The total now'),
  created_at: isoTime,
  updated_at: isoTime,
});

export const REQUESTS_LIMIT_MAX = 100;
export const RequestsQuerySchema = v.strictObject(
  {
    state: v.pipe(
      v.optional(v.picklist(REQUEST_STATES, `Must be one of ${REQUEST_STATES.join(', ')}`)),
      d('Only requests in this state'),
    ),
    limit: v.pipe(
      v.optional(v.string(), '50'),
      v.metadata<string, Record<string, unknown>>({
        type: 'integer',
        minimum: 1,
        maximum: REQUESTS_LIMIT_MAX,
        default: 50,
      }),
      v.check(
        (s) => /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= REQUESTS_LIMIT_MAX,
        `Must be a whole number 1-${REQUESTS_LIMIT_MAX}`,
      ),
      v.transform(Number),
      d(`Requests per page, 1-${REQUESTS_LIMIT_MAX}`),
    ),
    cursor: v.pipe(v.optional(v.string()), d('`next_cursor` of the previous page (opaque)')),
  },
  UNKNOWN_PARAM,
);

export const LinkRequestsPageSchema = v.object({
  data: v.pipe(v.array(LinkRequestSummarySchema), d('Newest first')),
  next_cursor: v.pipe(v.nullable(v.string()), d('Pass as `cursor` for the next page; null on the last')),
});

export const RequestIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'id must be a number')) });

// ---------------------------------------------------------------- holds

export const LinkHoldViewSchema = v.object({
  id: v.number(),
  stock_code: v.string(),
  created_at: isoTime,
  expires_at: v.pipe(isoTime, d('When the hold ends by itself')),
  extended: v.pipe(v.boolean(), d('Extended once already')),
  ended_at: v.pipe(v.nullable(isoTime), d('null while the hold runs')),
  end_reason: v.pipe(v.nullable(v.picklist(HOLD_END_REASONS)), d('Why it ended')),
  test: v.pipe(v.boolean(), d('Made with a test key: reserves nothing, reaches no staff')),
});
export const LinkHoldsPageSchema = v.object({ data: v.array(LinkHoldViewSchema) });
export const HoldIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'id must be a number')) });
