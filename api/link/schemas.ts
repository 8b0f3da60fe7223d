/**
 * API Link's wire shapes as valibot schemas: the same schemas validate the calls (query and
 * body) and generate the OpenAPI 3.1 document (hono-openapi through Standard Schema).
 * Field names are snake_case English; money is a decimal string with an ISO currency and a
 * unit; times are ISO 8601 UTC. Stones carry single grades (`colour`), parcels ranges
 * (`colour_from` / `colour_to`).
 */
import * as v from 'valibot';
import { API_SCOPES, CURRENCIES, STOCK_CHANGE_KINDS } from '../../db/schema.ts';
import { CodeListSchema } from '../../src/domain/catalogue/paste-list.ts';

/** What a key may call: see the document's description and api/link/scopes.ts. */
export { API_SCOPES };

const d = v.description;
export const isoTime = v.pipe(v.string(), v.isoTimestamp(), d('ISO 8601 UTC time'));
const nullableText = (text: string) => v.pipe(v.nullable(v.string()), d(text));
const nullableNumber = (text: string) => v.pipe(v.nullable(v.number()), d(text));

// ---------------------------------------------------------------- stones

/**
 * A stone's state: `available` for every key; the hold and reservation state, and the
 * caller's own, for trade and test keys only (a retail key is public: it sits in a web page).
 */
function holdFields() {
  const tradeOnly = (text: string) => `${text}. Trade and test keys only (never sent to a retail key)`;
  return {
    available: v.pipe(
      v.boolean(),
      d(
        'Can be bought now: in stock, and neither on hold nor kept for a request. The one state a retail key sees (never whose or until when)',
      ),
    ),
    on_hold: v.pipe(
      v.optional(v.boolean()),
      d(tradeOnly('Held by a trader (only single stones are held); nobody else can hold or request it')),
    ),
    held_by_you: v.pipe(v.optional(v.boolean()), d(tradeOnly('The hold is yours (this key’s account)'))),
    hold_expires_at: v.pipe(
      v.optional(v.nullable(isoTime)),
      d(tradeOnly('When your hold ends; null unless held_by_you')),
    ),
    reserved: v.pipe(
      v.optional(v.boolean()),
      d(
        tradeOnly(
          'Kept for a buyer’s request (single stones, from sending until declined, cancelled, returned or answered unavailable): nobody else can hold or request it',
        ),
      ),
    ),
    reserved_for_you: v.pipe(
      v.optional(v.boolean()),
      d(tradeOnly('The request keeping it is yours (this key’s account)')),
    ),
  };
}

export const CATEGORIES = ['stone', 'parcel'] as const;
export const ORIGINS = ['natural', 'lab_grown'] as const;
export const AVAILABILITIES = ['available_now', 'available_later', 'on_demand'] as const;
export const PRICE_UNITS = ['stone', 'carat'] as const;
export const GRADED = ['colour', 'clarity', 'cut', 'polish', 'symmetry', 'fluorescence'] as const;
export type Graded = (typeof GRADED)[number];

export const PriceSchema = v.pipe(
  v.object({
    amount: v.pipe(v.string(), v.regex(/^\d+\.\d{2}$/), d('Decimal string, 2 decimals')),
    currency: v.pipe(v.picklist(CURRENCIES), d('ISO 4217 code')),
    unit: v.pipe(v.picklist(PRICE_UNITS), d('stone: the whole stone; carat: per carat (parcels)')),
  }),
  d('Trade price for trade keys; the customer retail price (trade x (1 + markup)) for retail keys'),
);

export const MediaSchema = v.object({
  images: v.pipe(v.array(v.string()), d('Absolute image URLs, in gallery order')),
  videos: v.pipe(v.array(v.string()), d('Absolute video URLs')),
  spin_360: v.pipe(
    v.nullable(
      v.object({
        frame_count: v.number(),
        format: v.string(),
        frame_url_template: v.pipe(v.string(), d('Absolute URL with {frame}: 000, 001, ... (three digits)')),
        first_frame_url: v.string(),
      }),
    ),
    d('The 360 frame set, or null'),
  ),
});

export const MeasurementsSchema = v.pipe(
  v.nullable(
    v.object({
      length_mm: v.nullable(v.number()),
      width_mm: v.nullable(v.number()),
      depth_mm: v.nullable(v.number()),
    }),
  ),
  d('Millimetres; null when none is known'),
);

const common = {
  stock_code: v.string(),
  origin: v.picklist(ORIGINS),
  shape: v.string(),
  carat: v.pipe(v.number(), d('Carats (parcels: the total weight)')),
  lab: nullableText('Grading lab (GIA, IGI, ...)'),
  certificate_number: nullableText('Certificate number'),
  certificate_url: nullableText('Absolute URL of the certificate document'),
  measurements: MeasurementsSchema,
  depth_pct: nullableNumber('Total depth, percent'),
  table_pct: nullableNumber('Table, percent'),
  crown_pct: nullableNumber('Crown depth, percent'),
  pavilion_pct: nullableNumber('Pavilion depth, percent'),
  girdle_pct: nullableNumber('Girdle, percent'),
  culet: nullableNumber('Culet, degrees'),
  description: v.string(),
  comments: v.string(),
  media: MediaSchema,
  price: v.pipe(v.nullable(PriceSchema), d('null when the stone has no price on file')),
  rap_pct: v.pipe(v.optional(v.nullable(v.number())), d('Trade keys only: percent below RAP')),
  availability: v.picklist(AVAILABILITIES),
  ...holdFields(),
  created_at: isoTime,
  updated_at: isoTime,
};

const grade = (name: string) => nullableText(name);
export const StoneSchema = v.pipe(
  v.object({
    category: v.literal('stone'),
    ...common,
    colour: grade('Colour grade'),
    clarity: grade('Clarity grade'),
    cut: grade('Cut grade'),
    polish: grade('Polish grade'),
    symmetry: grade('Symmetry grade'),
    fluorescence: grade('Fluorescence'),
  }),
  d('A single stone'),
);

const rangeFields = Object.fromEntries(
  GRADED.flatMap((g) => [
    [`${g}_from`, grade(`${g} range: from`)],
    [`${g}_to`, grade(`${g} range: to`)],
  ]),
) as Record<`${Graded}_${'from' | 'to'}`, ReturnType<typeof grade>>;

export const ParcelSchema = v.pipe(
  v.object({
    category: v.literal('parcel'),
    ...common,
    ...rangeFields,
    size_from: nullableNumber('Size of one stone, carats: from'),
    size_to: nullableNumber('Size of one stone, carats: to'),
    sieve: v.string(),
    category_name: v.string(),
  }),
  d('A parcel of stones sold by weight'),
);

export const LinkStoneSchema = v.variant('category', [StoneSchema, ParcelSchema]);
export type LinkStone = v.InferOutput<typeof LinkStoneSchema>;
export type LinkSingle = v.InferOutput<typeof StoneSchema>;
export type LinkParcel = v.InferOutput<typeof ParcelSchema>;

// ---------------------------------------------------------------- GET /stones

export const STONE_SORTS = ['created', '-created', 'carat', '-carat', 'price', '-price'] as const;
export const STONES_LIMIT_MAX = 500;

const list = (text: string) =>
  v.pipe(
    v.optional(v.string()),
    v.transform((s) =>
      s == null
        ? undefined
        : s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
    ),
    d(`${text}; comma-separated`),
  );
/**
 * Query values arrive as text; `wire` is what the document says they are (a number, an
 * integer, a boolean), so that generated clients pass numbers and the server parses them.
 */
const wire = <T>(schema: Record<string, unknown>) => v.metadata<T, Record<string, unknown>>(schema);

const decimal = (text: string) =>
  v.pipe(
    v.optional(v.string()),
    wire<string | undefined>({ type: 'number', minimum: 0 }),
    v.check((s) => s == null || (/^[\d.eE+-]+$/.test(s) && Number(s) >= 0), 'Must be a number, 0 or more'),
    v.transform((s) => (s == null ? undefined : Number(s))),
    d(text),
  );
const flag = (text: string) =>
  v.pipe(
    v.optional(v.picklist(['true', 'false'], 'Must be true or false')),
    wire<'true' | 'false' | undefined>({ type: 'boolean', enum: undefined }),
    v.transform((s) => (s == null ? undefined : s === 'true')),
    d(text),
  );
const intIn = (min: number, max: number, fallback: number, text: string) =>
  v.pipe(
    v.optional(v.string(), String(fallback)),
    wire<string>({ type: 'integer', minimum: min, maximum: max, default: fallback }),
    v.check((s) => /^\d+$/.test(s) && Number(s) >= min && Number(s) <= max, `Must be a whole number ${min}-${max}`),
    v.transform(Number),
    d(text),
  );

/** The message of a query parameter the call does not know (answered 400, naming it). */
export const UNKNOWN_PARAM = 'Unknown query parameter';

export const CurrencyParam = v.pipe(
  v.optional(v.picklist(CURRENCIES, `Must be one of ${CURRENCIES.join(', ')}`)),
  d("Price currency (the shop's exchange rates); default: the shop's default currency"),
);

/** The filters of GET /stones (a saved search's `filters` are these and `sort`, `currency`). */
export const STONE_FILTERS = {
  category: v.optional(v.picklist(CATEGORIES, 'Must be stone or parcel')),
  origin: v.optional(v.picklist(ORIGINS, 'Must be natural or lab_grown')),
  shape: list('Shapes'),
  carat_min: decimal('Carats, at least'),
  carat_max: decimal('Carats, at most'),
  price_min: decimal('price.amount at least (in `currency`)'),
  price_max: decimal('price.amount at most (in `currency`)'),
  colour: list('Colour grades (a parcel matches when its range holds one)'),
  clarity: list('Clarity grades'),
  cut: list('Cut grades'),
  lab: list('Grading labs'),
  certificate_number: list('Certificate numbers (exact)'),
  has_image: flag('Only stones with (true) or without (false) an image'),
  has_video: flag('Only stones with or without a video'),
  has_360: flag('Only stones with or without a 360 set'),
  has_certificate: flag('Only stones with or without a certificate'),
};

export const StonesQuerySchema = v.strictObject(
  {
    ...STONE_FILTERS,
    sort: v.pipe(
      v.optional(v.picklist(STONE_SORTS, `Must be one of ${STONE_SORTS.join(', ')}`), 'created'),
      d('Order; `-` descending. Ties are broken by the stone id, so paging is stable.'),
    ),
    currency: CurrencyParam,
    limit: intIn(1, STONES_LIMIT_MAX, 100, `Stones per page, 1-${STONES_LIMIT_MAX}`),
    cursor: v.pipe(v.optional(v.string()), d('`next_cursor` of the previous page (opaque)')),
  },
  UNKNOWN_PARAM,
);
export type StonesQuery = v.InferOutput<typeof StonesQuerySchema>;

export const StonesPageSchema = v.object({
  data: v.array(LinkStoneSchema),
  next_cursor: v.pipe(v.nullable(v.string()), d('Pass as `cursor` for the next page; null on the last')),
});

// ---------------------------------------------------------------- one stone, availability

export const StockCodeParam = v.object({ stock_code: v.pipe(v.string(), v.minLength(1), v.maxLength(64)) });
export const OneStoneQuerySchema = v.strictObject({ currency: CurrencyParam }, UNKNOWN_PARAM);
/** A call that takes no query parameter: any one is refused, named. */
export const NoQuerySchema = v.strictObject({}, UNKNOWN_PARAM);

export const GoneSchema = v.object({
  errors: v.object({
    msg: v.literal('stone_gone'),
    options: v.object({ stock_code: v.string(), gone_at: isoTime, resync: v.optional(v.string()) }),
  }),
});

export const AVAILABILITY_MAX = 100;
export const AvailabilityBodySchema = v.object({
  stock_codes: v.pipe(
    v.array(v.pipe(v.string('Must be text'), v.minLength(1), v.maxLength(64)), 'Must be a list of stock codes'),
    v.minLength(1, 'At least one stock code'),
    v.maxLength(AVAILABILITY_MAX, `At most ${AVAILABILITY_MAX} stock codes`),
  ),
  currency: CurrencyParam,
});

export const LookupBodySchema = v.object({
  codes: v.pipe(CodeListSchema, d('Stock codes or certificate numbers, mixed')),
  currency: CurrencyParam,
});
export const LookupItemSchema = v.object({
  code: v.pipe(v.string(), d('As asked')),
  matched_by: v.pipe(v.nullable(v.picklist(['stock_code', 'certificate_number'])), d('null when unknown')),
  status: v.pipe(v.picklist(['found', 'gone', 'unknown']), d('gone: left the stock; unknown: never known')),
  stone: v.pipe(v.nullable(LinkStoneSchema), d('The full stone when found, in the asked currency')),
  stock_code: v.nullable(v.string()),
  gone_at: v.nullable(isoTime),
});
export const LookupAnswerSchema = v.object({ data: v.array(LookupItemSchema) });

export const AvailabilityItemSchema = v.object({
  stock_code: v.string(),
  status: v.pipe(v.picklist(['in_stock', 'gone', 'unknown']), d('gone: left the stock; unknown: never known')),
  availability: v.nullable(v.picklist(AVAILABILITIES)),
  price: v.nullable(PriceSchema),
  gone_at: v.nullable(isoTime),
  ...holdFields(),
});
export const AvailabilityAnswerSchema = v.object({ data: v.array(AvailabilityItemSchema) });

// ---------------------------------------------------------------- changes

export const CHANGES_LIMIT_MAX = 1000;
export const ChangesQuerySchema = v.strictObject(
  {
    since: v.pipe(
      v.optional(v.string(), '0'),
      wire<string>({ type: 'integer', minimum: 0, maximum: 999_999_999_999_999, default: 0 }),
      v.check((s) => /^\d{1,15}$/.test(s), 'Must be a change sequence number'),
      v.transform(Number),
      d('Events after this sequence (the previous `next_since`; 0 = from the start of the log)'),
    ),
    limit: intIn(1, CHANGES_LIMIT_MAX, 100, `Events per page, 1-${CHANGES_LIMIT_MAX}`),
  },
  UNKNOWN_PARAM,
);

export const ChangeEventSchema = v.object({
  seq: v.number(),
  type: v.picklist(STOCK_CHANGE_KINDS),
  stock_code: v.string(),
  fields: v.pipe(
    v.array(v.string()),
    d(
      'API field names that changed (updated, price_changed, availability_changed). A hold or a reservation changing names `on_hold` or `reserved`; for a retail key, `available`',
    ),
  ),
  at: isoTime,
});
export type ChangeEvent = v.InferOutput<typeof ChangeEventSchema>;

export const ChangeStreamQuerySchema = v.strictObject(
  {
    since: v.pipe(
      v.optional(v.string()),
      wire<string | undefined>({ type: 'integer', minimum: 0, maximum: 999_999_999_999_999 }),
      v.check((s) => s == null || /^\d{1,15}$/.test(s), 'Must be a change sequence number'),
      d(
        "Events after this sequence (your last event's id); `Last-Event-ID` wins when both are sent. Neither: from now on",
      ),
    ),
  },
  UNKNOWN_PARAM,
);

export const ChangesPageSchema = v.object({
  data: v.array(ChangeEventSchema),
  next_since: v.pipe(v.number(), d('Pass as `since` next time')),
  has_more: v.boolean(),
});

// ---------------------------------------------------------------- feed

export const FEED_FORMATS = ['csv', 'json', 'ndjson'] as const;
export const FEED_TEMPLATES = ['house', 'rapnet', 'idex'] as const;
export const FeedQuerySchema = v.strictObject(
  {
    format: v.pipe(v.optional(v.picklist(FEED_FORMATS, 'Must be csv, json or ndjson'), 'json'), d('File format')),
    template: v.pipe(
      v.optional(v.picklist(FEED_TEMPLATES, 'Must be house, rapnet or idex')),
      d(
        'CSV columns (format=csv only; default house): house, rapnet (RapNet Instant Inventory), idex (IDEX full feed). rapnet and idex are priced in USD and need `origin`',
      ),
    ),
    origin: v.pipe(
      v.optional(v.picklist(ORIGINS, 'Must be natural or lab_grown')),
      d('Only natural or only lab-grown stones; required for the rapnet and idex templates'),
    ),
    currency: CurrencyParam,
  },
  UNKNOWN_PARAM,
);
export type FeedQuery = v.InferOutput<typeof FeedQuerySchema>;

export const FeedJsonSchema = v.object({
  change_seq: v.pipe(v.number(), d('The change sequence the file reflects (also in X-Change-Seq)')),
  count: v.number(),
  stones: v.array(LinkStoneSchema),
});

// ---------------------------------------------------------------- errors

export const ErrorSchema = v.object({
  errors: v.object({
    msg: v.union([v.string(), v.array(v.object({ param: v.string(), msg: v.string() }))]),
    options: v.optional(v.record(v.string(), v.unknown())),
  }),
});

// ---------------------------------------------------------------- /me

const PolicySchema = v.object({
  policy: v.pipe(v.picklist(['default', 'feed']), d('default: every call, per minute; feed: full downloads, per hour')),
  limit: v.number(),
  window_seconds: v.number(),
});

/** GET /me. Personal data (the e-mail) only for trade and test keys: a retail key is public by design. */
export const MeSchema = v.object({
  account: v.object({
    id: v.number(),
    company_name: v.string(),
    email: v.pipe(v.optional(v.string()), d('Trade and test keys only')),
    retail_markup_pct: v.pipe(v.optional(v.number()), d('Retail keys only: the markup over the trade price')),
  }),
  key: v.object({
    id: v.number(),
    name: v.string(),
    scope: v.pipe(v.picklist(API_SCOPES), d('What the key may call (see the description of this document)')),
    last4: v.string(),
    created_at: isoTime,
    expires_at: v.nullable(isoTime),
  }),
  limits: v.pipe(v.array(PolicySchema), d('The limits that apply to this key')),
  usage: v.pipe(
    v.object({ day: v.string(), calls: v.number(), errors: v.number(), bytes: v.number() }),
    d('Today (UTC), before this call'),
  ),
});
