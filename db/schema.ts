/**
 * The one picture of Facet Trade's data (drizzle, snake_case columns), written as SQLite tables;
 * db/to-pg.ts builds the PostgreSQL schema from the same definitions (db/schema-pg.ts).
 *
 * Conventions
 * - Times are integer milliseconds since the epoch (`timestamp_ms`).
 * - Money is integer minor units (cents / pence): `*Cents`. Stone prices are USD, parcel
 *   ppc is GBP, as the catalogue spec says. Weights are carats to 2 decimals (real).
 * - Range fields of a stone (Colour, Clarity, Cut, Polish, Symmetry, flourecence, Size) are
 *   stored as From/To labels plus their numeric ranks (see src/domain/grades.ts).
 * - JSON columns hold small, always-read-together values (trade references, dialog
 *   settings, balances, a request's priced snapshot).
 */
import { sql } from 'drizzle-orm';
import { sqliteTable, integer, real, text, primaryKey, index, uniqueIndex, blob } from 'drizzle-orm/sqlite-core';
import { BAG_UNITS } from '../src/domain/bag/pricing.ts';
import { REQUEST_STATUSES, type RequestLine } from '../src/domain/bag/request.ts';
import { ALTERNATIVE_REPLIES, LINE_ANSWERS, REQUEST_TERMS } from '../src/domain/trade/request-lifecycle.ts';
import { CAT_TYPES } from '../src/domain/diamond.ts';
import { HOLD_END_REASONS } from '../src/domain/trade/holds.ts';
import { API_KEY_SCOPES } from '../src/domain/validation/api-keys.ts';
import { ALERT_MODES } from '../src/domain/saved-searches/alerts.ts';
import { RUN_MODES, RUN_ORIGINS, RUN_STATUSES, type SkippedRow } from '../src/domain/stock-import.ts';
import { SOURCE_SCHEDULES } from '../src/domain/stock-sources.ts';

const createdAt = () =>
  integer('created_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
const updatedAt = () =>
  integer('updated_at', { mode: 'timestamp_ms' })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

// ---------------------------------------------------------------- accounts

export const USER_ROLES = ['user', 'admin'] as const;
/** unverified -> pending (e-mail verified, awaiting staff) -> approved | rejected; any -> disabled */
export const USER_STATUSES = ['unverified', 'pending', 'approved', 'rejected', 'disabled'] as const;

export type DialogSettings = { resetFilters?: 'yes' | 'no'; resetSearch?: 'yes' | 'no' };
export type Balances = Record<string, number>;

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(), // stored lower-cased
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    status: text('status', { enum: USER_STATUSES }).notNull().default('unverified'),
    title: text('title').notNull().default(''),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    companyWebsite: text('company_website').notNull().default(''),
    phone: text('phone').notNull(),
    mobileTelephone: text('mobile_telephone').notNull().default(''),
    addressLine1: text('address_line1').notNull(),
    addressLine2: text('address_line2').notNull().default(''),
    city: text('city').notNull(),
    county: text('county').notNull().default(''),
    postcode: text('postcode').notNull(),
    country: text('country').notNull(),
    tradeReferences: text('trade_references', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    acceptTermsAndConditions: integer('accept_terms', { mode: 'boolean' }).notNull().default(false),
    requestApiAccess: integer('request_api_access', { mode: 'boolean' }).notNull().default(false),
    requestApiAccessMessage: text('request_api_access_message').notNull().default(''),
    requestApiAccessDate: integer('request_api_access_date', { mode: 'timestamp_ms' }),
    apiAllow: integer('api_allow', { mode: 'boolean' }).notNull().default(false),
    /** API Link retail scope: prices with this markup (percent) over the trade price */
    retailMarkupPct: real('retail_markup_pct').notNull().default(0),
    dialogSettings: text('dialog_settings', { mode: 'json' })
      .$type<DialogSettings>()
      .notNull()
      .default(sql`'{}'`),
    balances: text('balances', { mode: 'json' })
      .$type<Balances>()
      .notNull()
      .default(sql`'{}'`),
    /** the display currency the user last chose (GBP, USD, ...); null = the site's default */
    currency: text('currency'),
    emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
    /** holds at once this customer may have (staff set it; the shop's default is 5) */
    maxHolds: integer('max_holds').notNull().default(5),
    /** whether this customer may extend a hold (once per hold) */
    holdExtendAllowed: integer('hold_extend_allowed', { mode: 'boolean' }).notNull().default(true),
    approvedAt: integer('approved_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), index('users_status_idx').on(t.status)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 (hex) of the random session id held in the cookie; the id itself is never stored. */
    idHash: text('id_hash').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rememberMe: integer('remember_me', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    /** idle expiry, pushed forward on use */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** hard limit from creation, never extended */
    absoluteExpiresAt: integer('absolute_expires_at', { mode: 'timestamp_ms' }).notNull(),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const TOKEN_KINDS = ['verify', 'reset'] as const;

/** One-time tokens (e-mail verification, password reset): random, stored hashed, single use. */
export const tokens = sqliteTable(
  'tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TOKEN_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tokens_hash_uq').on(t.tokenHash), index('tokens_user_idx').on(t.userId, t.kind)],
);

// ---------------------------------------------------------------- site content

export const BLOCK_TYPES = ['text', 'image', 'list'] as const;
export type ListSection = { title: string; content: string };
/** text: a string; image: alt text (url holds the image); list: sections */
export type BlockValue = string | ListSection[];

/** Editable site content, addressed by content id (e.g. `home_welcome_title`). */
export const siteBlocks = sqliteTable('site_blocks', {
  id: text('id').primaryKey(),
  type: text('type', { enum: BLOCK_TYPES }).notNull(),
  value: text('value', { mode: 'json' }).$type<BlockValue>().notNull(),
  url: text('url'),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});

export const POST_STATUSES = ['draft', 'published'] as const;

export const posts = sqliteTable(
  'posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    /** the post's own address, e.g. `/news/lab-grown-market-2026` */
    url: text('url').notNull(),
    snippet: text('snippet').notNull().default(''),
    /** sanitised HTML */
    content: text('content').notNull().default(''),
    date: integer('date', { mode: 'timestamp_ms' }).notNull(),
    src: text('src').notNull().default(''),
    related: text('related', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    status: text('status', { enum: POST_STATUSES }).notNull().default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('posts_url_uq').on(t.url), index('posts_status_date_idx').on(t.status, t.date)],
);

/**
 * Typed settings documents: `registration_messages` (status -> message), `diamond_available`
 * (diamond_available_now/later/on_demand), `site` (site name, social_links, ...).
 */
export const configs = sqliteTable(
  'configs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    type: text('type').notNull(),
    fields: text('fields', { mode: 'json' }).$type<Record<string, string>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('configs_type_uq').on(t.type)],
);

export const CURRENCIES = ['GBP', 'USD', 'EUR', 'JPY', 'NZD'] as const;

/** Rates relative to a common unit: convert = amount / rate(source) * rate(target). */
export const exchangeRates = sqliteTable('exchange_rates', {
  currency: text('currency', { enum: CURRENCIES }).primaryKey(),
  exRate: real('ex_rate').notNull(),
  isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- stock

export const diamonds = sqliteTable(
  'diamonds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    stockCode: text('stock_code').notNull(), // StkCodeCalcNS
    shape: text('shape').notNull(), // StkShape
    catType: text('cat_type', { enum: CAT_TYPES }).notNull(), // StkCatType
    catName: text('cat_name').notNull().default(''), // StkCatName
    source: text('source').notNull().default(''), // Source ('Lab Grown' or '')
    description: text('description').notNull().default(''), // StkDesc
    weight: real('weight').notNull(), // STWeight, carats
    sieve: text('sieve').notNull().default(''), // Sieve
    // range fields: labels and ranks (null where not graded)
    colourFrom: text('colour_from'),
    colourTo: text('colour_to'),
    colourFromRank: integer('colour_from_rank'),
    colourToRank: integer('colour_to_rank'),
    clarityFrom: text('clarity_from'),
    clarityTo: text('clarity_to'),
    clarityFromRank: integer('clarity_from_rank'),
    clarityToRank: integer('clarity_to_rank'),
    cutFrom: text('cut_from'),
    cutTo: text('cut_to'),
    cutFromRank: integer('cut_from_rank'),
    cutToRank: integer('cut_to_rank'),
    polishFrom: text('polish_from'),
    polishTo: text('polish_to'),
    polishFromRank: integer('polish_from_rank'),
    polishToRank: integer('polish_to_rank'),
    symmetryFrom: text('symmetry_from'),
    symmetryTo: text('symmetry_to'),
    symmetryFromRank: integer('symmetry_from_rank'),
    symmetryToRank: integer('symmetry_to_rank'),
    fluorescenceFrom: text('fluorescence_from'),
    fluorescenceTo: text('fluorescence_to'),
    fluorescenceFromRank: integer('fluorescence_from_rank'),
    fluorescenceToRank: integer('fluorescence_to_rank'),
    /** parcels: size range per stone in carats (Size From/To), used by the overlap filter */
    sizeFrom: real('size_from'),
    sizeTo: real('size_to'),
    certLab: text('cert_lab').notNull().default(''), // StkCertSup
    certNumber: text('cert_number').notNull().default(''), // StkCertNo
    priceCents: integer('price_cents'), // price, USD
    ppcCents: integer('ppc_cents'), // ppc, GBP (parcels)
    exWebTotalCents: integer('ex_web_total_cents'), // ExWebTotal, USD
    webSpecialCents: integer('web_special_cents').notNull().default(0), // WebSpecial, 0 = none
    rap: real('rap'), // RAP, percent below
    depthTotal: real('depth_total'), // StkDepth_Total %
    tablePct: real('table_pct'), // StkTable %
    culet: real('culet'), // StkCulet, degrees
    depthCrown: real('depth_crown'), // StkDepth_Crown %
    depthGirdle: real('depth_girdle'), // StkDepth_Girdle %
    depthPavilion: real('depth_pavilion'), // StkDepth_Pavilion %
    mes1: real('mes1'), // length mm
    mes2: real('mes2'), // width mm
    mes3: real('mes3'), // depth mm
    availability: integer('availability').notNull().default(1), // StkWebAvailable 1|2|3
    comments: text('comments').notNull().default(''),
    /** false once the stone has left the stock (sold, or missing from a full feed) */
    inStock: integer('in_stock', { mode: 'boolean' }).notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('diamonds_stock_code_uq').on(t.stockCode),
    index('diamonds_stock_created_idx').on(t.inStock, t.createdAt),
    index('diamonds_cat_idx').on(t.catType, t.source),
    /** similar stones of a stone (services/catalogue/similar-prices.ts): rank lists, then a weight range */
    index('diamonds_similar_idx').on(t.inStock, t.catType, t.colourFromRank, t.clarityFromRank, t.weight),
  ],
);

export const MEDIA_TYPES = ['image', 'video', '360'] as const;

export const diamondMedia = sqliteTable(
  'diamond_media',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    diamondId: integer('diamond_id')
      .notNull()
      .references(() => diamonds.id, { onDelete: 'cascade' }),
    type: text('type', { enum: MEDIA_TYPES }).notNull(),
    src: text('src').notNull(),
    framesCount: integer('frames_count'), // 360 only, default 256
    format: text('format'), // 360 only, default png
    position: integer('position').notNull().default(0),
  },
  (t) => [index('diamond_media_diamond_idx').on(t.diamondId, t.position)],
);

export const diamondCertificates = sqliteTable(
  'diamond_certificates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    diamondId: integer('diamond_id')
      .notNull()
      .references(() => diamonds.id, { onDelete: 'cascade' }),
    src: text('src').notNull(),
  },
  (t) => [index('diamond_certificates_diamond_idx').on(t.diamondId)],
);

// ---------------------------------------------------------------- customer lists

export const favourites = sqliteTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    diamondId: integer('diamond_id')
      .notNull()
      .references(() => diamonds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.diamondId] })],
);

/** The compare list, ordered by position (drag and drop reorders it). */
export const compareItems = sqliteTable(
  'compare_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    diamondId: integer('diamond_id')
      .notNull()
      .references(() => diamonds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.diamondId] })],
);

export const bagItems = sqliteTable(
  'bag_items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    diamondId: integer('diamond_id')
      .notNull()
      .references(() => diamonds.id, { onDelete: 'cascade' }),
    selectedUnit: text('selected_unit', { enum: BAG_UNITS }).notNull().default('weight'),
    /** carats in weight mode (default 0.01), a count in items mode */
    quantity: real('quantity').notNull().default(0.01),
    acceptsAlternatives: integer('accepts_alternatives', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bag_items_user_diamond_uq').on(t.userId, t.diamondId)],
);

export { REQUEST_STATUSES, type RequestLine } from '../src/domain/bag/request.ts';

export const bagRequests = sqliteTable(
  'bag_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the lifecycle state (src/domain/trade/request-lifecycle.ts) */
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('submitted'),
    terms: text('terms', { enum: REQUEST_TERMS }).notNull().default('invoice'),
    /** the carrier's reference, given when the request is shipped */
    carrierRef: text('carrier_ref'),
    orderNotes: text('order_notes').notNull().default(''),
    acceptsAnyAlternatives: integer('accepts_any_alternatives', { mode: 'boolean' }).notNull().default(false),
    ccy: text('ccy', { enum: CURRENCIES }).notNull(),
    exRate: real('ex_rate').notNull(),
    /** minor units of ccy; null when the total is N/A */
    totalCents: integer('total_cents'),
    /** the priced snapshot as sent; request_lines carry each line's answer */
    items: text('items', { mode: 'json' }).$type<RequestLine[]>().notNull(),
    staffNotes: text('staff_notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bag_requests_user_idx').on(t.userId, t.createdAt), index('bag_requests_status_idx').on(t.status)],
);

export const REQUEST_ACTORS = ['buyer', 'staff', 'system'] as const;

/**
 * One line of a request with its answer. A single stone that is confirmed (or whose offered
 * alternative the buyer accepted) is reserved: reserved_diamond_id holds the stone, and the
 * partial unique index lets one line in the whole shop reserve a stone at a time.
 */
export const requestLines = sqliteTable(
  'request_lines',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => bagRequests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    diamondId: integer('diamond_id').references(() => diamonds.id, { onDelete: 'set null' }),
    stockCode: text('stock_code').notNull(),
    type: text('type', { enum: ['single', 'parcel'] }).notNull(),
    description: text('description').notNull().default(''),
    selectedUnit: text('selected_unit', { enum: BAG_UNITS }).notNull().default('weight'),
    quantity: real('quantity').notNull(),
    acceptsAlternatives: integer('accepts_alternatives', { mode: 'boolean' }).notNull().default(false),
    /** in the request's currency, minor units; null = N/A */
    ppcCents: integer('ppc_cents'),
    itemPriceCents: integer('item_price_cents'),
    answer: text('answer', { enum: LINE_ANSWERS }).notNull().default('pending'),
    altDiamondId: integer('alt_diamond_id').references(() => diamonds.id, { onDelete: 'set null' }),
    altStockCode: text('alt_stock_code'),
    altDescription: text('alt_description'),
    altPriceCents: integer('alt_price_cents'),
    reply: text('reply', { enum: ALTERNATIVE_REPLIES }),
    reservedDiamondId: integer('reserved_diamond_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('request_lines_request_idx').on(t.requestId, t.position),
    uniqueIndex('request_lines_reserved_uq')
      .on(t.reservedDiamondId)
      .where(sql`reserved_diamond_id is not null`),
  ],
);

/** A request's timeline: who did what when, with the state move it made (if any). */
export const requestEvents = sqliteTable(
  'request_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => bagRequests.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor: text('actor', { enum: REQUEST_ACTORS }).notNull(),
    /** created, state, line, alternative, terms, message */
    kind: text('kind').notNull(),
    fromState: text('from_state', { enum: REQUEST_STATUSES }),
    toState: text('to_state', { enum: REQUEST_STATUSES }),
    /** one plain sentence for the timeline */
    detail: text('detail').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('request_events_request_idx').on(t.requestId, t.createdAt)],
);

/** The message thread between the buyer and staff on one request (plain text). */
export const requestMessages = sqliteTable(
  'request_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    requestId: integer('request_id')
      .notNull()
      .references(() => bagRequests.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    author: text('author', { enum: REQUEST_ACTORS }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('request_messages_request_idx').on(t.requestId, t.createdAt)],
);

// ---------------------------------------------------------------- holds

/** The columns of a hold, real or test: the stone, the holder, its times and how it ended. */
const holdColumns = () => ({
  id: integer('id').primaryKey({ autoIncrement: true }),
  diamondId: integer('diamond_id')
    .notNull()
    .references(() => diamonds.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  extended: integer('extended', { mode: 'boolean' }).notNull().default(false),
  endedAt: integer('ended_at', { mode: 'timestamp_ms' }),
  endReason: text('end_reason', { enum: HOLD_END_REASONS }),
});

/**
 * A trader's hold on one single stone until `expiresAt` (ended early by a release, staff, a
 * sale, the stone leaving the stock or its confirmation to another buyer: `endReason`).
 * At most one active hold (endedAt null) per stone: a partial unique index, so the database
 * itself refuses the second of two simultaneous holds on every engine and isolation level.
 * The notice columns are the claims of the expiry sweep (each set once, by one node).
 */
export const holds = sqliteTable(
  'holds',
  {
    ...holdColumns(),
    /** the "ends in 2 hours" notice was claimed (sent) at */
    endingNotifiedAt: integer('ending_notified_at', { mode: 'timestamp_ms' }),
    /** the "has ended" notices (holder, watchers, webhooks) were claimed at */
    endedNotifiedAt: integer('ended_notified_at', { mode: 'timestamp_ms' }),
    /** a node sending this hold's notice holds it until then (a node killed mid-send lets it lapse) */
    noticeLeaseUntil: integer('notice_lease_until', { mode: 'timestamp_ms' }),
  },
  (t) => [
    uniqueIndex('holds_active_diamond_uq')
      .on(t.diamondId)
      .where(sql`ended_at is null`),
    index('holds_user_idx').on(t.userId, t.endedAt),
    index('holds_expires_idx').on(t.endedAt, t.expiresAt),
    index('holds_ended_notice_idx').on(t.endedNotifiedAt, t.endedAt),
  ],
);

/**
 * Holds placed with an API Link test key (scope `test`): validated and answered as real holds,
 * but kept apart so that nothing reading stock state (the catalogue, other traders, requests,
 * the sweep, staff screens, the change log) ever sees them. One running test hold per account
 * and stone; a lapsed one counts as ended (reads compare `expiresAt` with the clock).
 */
export const testHolds = sqliteTable('test_holds', holdColumns(), (t) => [
  uniqueIndex('test_holds_active_uq')
    .on(t.userId, t.diamondId)
    .where(sql`ended_at is null`),
]);

/** "Tell me when it is free": one e-mail when the stone's hold ends and it is still in stock. */
export const holdWatches = sqliteTable(
  'hold_watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    diamondId: integer('diamond_id')
      .notNull()
      .references(() => diamonds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    notifiedAt: integer('notified_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.diamondId] }), index('hold_watches_diamond_idx').on(t.diamondId)],
);

// ---------------------------------------------------------------- messages, mail, audit

/** contact form, API access request, a buyer's step on a trade request, or a Message us message */
export const MESSAGE_KINDS = ['contact', 'api', 'request', 'chat'] as const;
export const MESSAGE_STATUSES = ['new', 'read', 'handled'] as const;

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull().default('contact'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    companyName: text('company_name').notNull(),
    message: text('message').notNull(),
    pageTitle: text('page_title').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: MESSAGE_STATUSES }).notNull().default('new'),
    /** "Message us" conversations: the id of the conversation's first message (a trader's
     * messages share one; a visitor's message starts its own). Null for contact and API messages. */
    threadId: integer('thread_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_status_idx').on(t.status, t.createdAt),
    index('contact_messages_thread_idx').on(t.threadId),
  ],
);

/** Staff answers to a message: shown in the sender's conversation and e-mailed to them. */
export const messageReplies = sqliteTable(
  'message_replies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    messageId: integer('message_id')
      .notNull()
      .references(() => contactMessages.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_replies_message_idx').on(t.messageId, t.createdAt)],
);

/** queued (stored, its transaction committed or open), sending (claimed by one node), then sent, logged or failed */
export const OUTBOX_STATUSES = ['queued', 'sending', 'sent', 'logged', 'failed'] as const;

/** Every e-mail the shop sends, kept whether it went out over SMTP or only to the console. */
export const emailOutbox = sqliteTable('email_outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** extra message headers (List-Unsubscribe of an alert), kept so a resend carries them */
  headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
  status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
  error: text('error'),
  createdAt: createdAt(),
  sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
});

export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- cluster state

/**
 * Versions every app node reads to know its caches are current (`stock` after any change of
 * diamonds or their media, `content` after any change the static pages are built from).
 */
export const appState = sqliteTable('app_state', {
  key: text('key').primaryKey(),
  version: integer('version').notNull().default(0),
  updatedAt: updatedAt(),
});

/**
 * Leases: one holder at a time across every node (start-up migration and seed, the site
 * build). A lease is taken by a conditional upsert and ends at `expiresAt` if never released.
 */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * Built sites, published by the node that built them so the other nodes unpack them instead of
 * building: the dist folder as one gzipped tar (api/services/site/site-archive.ts), keyed by its
 * build stamp (the sources' and the content's hash). Only the newest few are kept (`created_at`
 * moves when a build is unpacked again).
 */
export const siteBuilds = sqliteTable('site_builds', {
  stamp: text('stamp').primaryKey(),
  archive: blob('archive', { mode: 'buffer' }).notNull(),
  builtBy: text('built_by').notNull(),
  createdAt: createdAt(),
});

/** Rate-limit counters shared by every node: calls of one key in one fixed time slot. */
export const rateHits = sqliteTable(
  'rate_hits',
  {
    key: text('key').notNull(),
    slot: integer('slot').notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.slot] }), index('rate_hits_expires_idx').on(t.expiresAt)],
);

/** Uploaded images (image blocks), kept in the database so that every node serves them. */
export const uploads = sqliteTable('uploads', {
  name: text('name').primaryKey(),
  contentType: text('content_type').notNull(),
  data: blob('data', { mode: 'buffer' }).notNull(),
  createdAt: createdAt(),
});

// ---------------------------------------------------------------- API Link

export const API_SCOPES = API_KEY_SCOPES;

/**
 * API Link keys. The key itself (`ftk_…`: prefix, >= 128 random bits, checksum) is shown once;
 * only its keyed hash (HMAC-SHA256 with SESSION_SECRET) is stored. A rolled key keeps working
 * until `expiresAt` (the overlap); a revoked key stops at once.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: API_SCOPES }).notNull(),
    keyHash: text('key_hash').notNull(),
    /** the key's last four characters, to tell keys apart in lists */
    last4: text('last4').notNull(),
    createdAt: createdAt(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    lastUsedIp: text('last_used_ip'),
    /** null: no expiry; set when the key is rolled (end of the overlap) */
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    /** the key that replaced this one when it was rolled */
    replacedBy: integer('replaced_by'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_user_idx').on(t.userId)],
);

/** Usage per key and UTC day: calls, errors (4xx/5xx answers) and bytes sent. */
export const apiUsage = sqliteTable(
  'api_usage',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD (UTC) */
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    bytes: integer('bytes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.day] })],
);

export const STOCK_CHANGE_KINDS = ['added', 'updated', 'price_changed', 'availability_changed', 'removed'] as const;

/**
 * The stock change log (API Link `/changes`, webhooks): one row per real change of a stone, in
 * order (`seq`), written in the same transaction as the change itself.
 */
export const stockChanges = sqliteTable(
  'stock_changes',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    stockCode: text('stock_code').notNull(),
    kind: text('kind', { enum: STOCK_CHANGE_KINDS }).notNull(),
    /** the API Link field names that changed (updated, price_changed, availability_changed) */
    fields: text('fields', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    /** price_changed: the listed price before the change (money.ts listedPrice), in cents of its currency */
    prevPriceCents: integer('prev_price_cents'),
    prevPriceCcy: text('prev_price_ccy'),
    at: createdAt(),
  },
  (t) => [index('stock_changes_at_idx').on(t.at)],
);

/**
 * Stock sources: files the shop pulls on a schedule (Admin → Stock → Sources). The auth
 * header's value is write-only (never answered, never logged). `nextRunAt` is the claim: a
 * node runs a due source only if its conditional update moving `nextRunAt` on wins.
 */
export const stockSources = sqliteTable('stock_sources', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  url: text('url').notNull(),
  authHeaderName: text('auth_header_name'),
  authHeaderValue: text('auth_header_value'),
  /** `interval`: every `intervalMinutes`; `times`: at each "HH:MM" of `times` in the shop's zone */
  scheduleKind: text('schedule_kind', { enum: SOURCE_SCHEDULES }).notNull(),
  intervalMinutes: integer('interval_minutes'),
  times: text('times', { mode: 'json' })
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'`),
  paused: integer('paused', { mode: 'boolean' }).notNull().default(false),
  mode: text('mode', { enum: RUN_MODES }).notNull(),
  /** the saved manual mapping: a file header -> the stock field it carries */
  mapping: text('mapping', { mode: 'json' })
    .$type<Record<string, string>>()
    .notNull()
    .default(sql`'{}'`),
  etag: text('etag'),
  lastModified: text('last_modified'),
  contentHash: text('content_hash'),
  nextRunAt: integer('next_run_at', { mode: 'timestamp_ms' }),
  lastRunAt: integer('last_run_at', { mode: 'timestamp_ms' }),
  /** the last run's status (a run status, `unchanged`, or why the fetch failed) and reason */
  lastStatus: text('last_status'),
  lastReason: text('last_reason'),
  /** when the stock was last updated from this source (an applied or confirmed run) */
  lastAppliedAt: integer('last_applied_at', { mode: 'timestamp_ms' }),
  failingSince: integer('failing_since', { mode: 'timestamp_ms' }),
  /** the last "source failing" e-mail to staff (at most one a day); cleared by the recovery e-mail */
  lastEmailAt: integer('last_email_at', { mode: 'timestamp_ms' }),
  createdAt: createdAt(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});

/**
 * The stock import history: one row per run (a staff upload, an API Link `stock` key's push;
 * later a pulled source), its counts, the rows it skipped and the change-log range it wrote.
 * A replace-all waiting for staff keeps its table in `pending` until confirmed or discarded.
 */
export const stockImports = sqliteTable(
  'stock_imports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    origin: text('origin', { enum: RUN_ORIGINS }).notNull(),
    staffId: integer('staff_id').references(() => users.id, { onDelete: 'set null' }),
    apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
    sourceId: integer('source_id').references(() => stockSources.id, { onDelete: 'set null' }),
    /** who or what, as written when the run started (a name survives its account) */
    originLabel: text('origin_label').notNull().default(''),
    fileName: text('file_name').notNull().default(''),
    mode: text('mode', { enum: RUN_MODES }).notNull(),
    strict: integer('strict', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: RUN_STATUSES }).notNull(),
    /** why a run was refused or failed */
    reason: text('reason'),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
    rows: integer('rows').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    unchanged: integer('unchanged').notNull().default(0),
    markedOut: integer('marked_out').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    skippedRows: text('skipped_rows', { mode: 'json' })
      .$type<SkippedRow[]>()
      .notNull()
      .default(sql`'[]'`),
    seqFrom: integer('seq_from'),
    seqTo: integer('seq_to'),
    /** needs_confirmation: the parsed table, applied again on confirmation */
    pending: text('pending', { mode: 'json' }).$type<{ headers: string[]; rows: string[][] }>(),
    /** needs_confirmation: the stones in stock the run would take out (count, first codes) */
    leaving: text('leaving', { mode: 'json' }).$type<{ count: number; codes: string[] }>(),
  },
  (t) => [index('stock_imports_started_idx').on(t.startedAt)],
);

/** Customers' webhook endpoints (Standard Webhooks signing; the secret is needed to sign). */
export const webhooks = sqliteTable(
  'webhooks',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** `whsec_` + base64 of 32 random bytes */
    secret: text('secret').notNull(),
    /** event kinds sent; empty = all */
    events: text('events', { mode: 'json' })
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'`),
    enabled: integer('enabled', { mode: 'boolean' }).notNull().default(true),
    /** deliveries failed in a row (reset by a success); the endpoint is disabled past a limit */
    failures: integer('failures').notNull().default(0),
    disabledAt: integer('disabled_at', { mode: 'timestamp_ms' }),
    /**
     * made with an API Link test key: only test keys (and the account page) manage it, and it
     * receives only test events (test keys' own, samples), never the account's real ones
     */
    test: integer('test', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('webhooks_user_idx').on(t.userId)],
);

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** One message to one endpoint, with its attempts (retried with back-off until delivered or failed). */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** the Standard Webhooks message id (`webhook-id`), the same on every attempt */
    msgId: text('msg_id').notNull(),
    type: text('type').notNull(),
    payload: text('payload', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_hook_idx').on(t.webhookId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- saved searches

/**
 * A trader's saved list view with its alert settings. `view` is the list's address (path and
 * query: tab, sort and filters; src/domain/saved-searches/view.ts); `columns` the visible
 * optional columns; prices in `currency`. `seenSeq` is the high-water mark in
 * stock_changes.seq: changes up to it have been considered for alerts (set to the newest seq
 * when the search is made, so older changes never alert).
 */
export const savedSearches = sqliteTable(
  'saved_searches',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    view: text('view').notNull(),
    columns: text('columns', { mode: 'json' }).$type<{ measurements: boolean; availability: boolean }>().notNull(),
    currency: text('currency').notNull(),
    alert: text('alert', { enum: ALERT_MODES }).notNull().default('off'),
    /** the daily digest's hour (0-23) in `timeZone` */
    digestHour: integer('digest_hour'),
    /** an IANA time zone, e.g. Europe/London */
    timeZone: text('time_zone'),
    /** alert when a matching stone's price falls by at least this percentage (1-90) */
    priceDropPct: integer('price_drop_pct'),
    seenSeq: integer('seen_seq').notNull(),
    lastDigestAt: integer('last_digest_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('saved_searches_user_idx').on(t.userId), index('saved_searches_alert_idx').on(t.alert)],
);

// ---------------------------------------------------------------- client pages

/**
 * A trader's page for their own client: chosen stones at the trader's markup, in one currency,
 * at an unguessable address that needs no sign-in (src/domain/client-pages). The token is kept
 * as it was made (not hashed): the trader opens and copies the address again from the account,
 * and it only ever shows what the trader chose to show a client; revoking stops it at once.
 */
export const clientPages = sqliteTable(
  'client_pages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 32 random bytes, base64url (43 characters) */
    token: text('token').notNull(),
    title: text('title').notNull(),
    companyName: text('company_name').notNull(),
    /** the stored logo's name in `uploads` (served at /uploads/<name>), null for none */
    logoUpload: text('logo_upload'),
    /** tenths of a percent over the trade price (125 = 12.5 %) */
    markupTenths: integer('markup_tenths').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    hideStockCode: integer('hide_stock_code', { mode: 'boolean' }).notNull().default(true),
    /** the stones, in the order the trader chose */
    diamondIds: text('diamond_ids', { mode: 'json' }).$type<number[]>().notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
    views: integer('views').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('client_pages_token_uq').on(t.token), index('client_pages_user_idx').on(t.userId)],
);

/** Every table, in dependency order (db/to-pg.ts builds the PostgreSQL twins from this). */
export const sqliteTables = {
  users,
  sessions,
  tokens,
  siteBlocks,
  posts,
  configs,
  exchangeRates,
  diamonds,
  diamondMedia,
  diamondCertificates,
  favourites,
  compareItems,
  bagItems,
  bagRequests,
  requestLines,
  requestEvents,
  requestMessages,
  contactMessages,
  messageReplies,
  emailOutbox,
  auditLog,
  appState,
  leases,
  siteBuilds,
  rateHits,
  uploads,
  apiKeys,
  apiUsage,
  stockChanges,
  stockSources,
  stockImports,
  webhooks,
  webhookDeliveries,
  holds,
  holdWatches,
  testHolds,
  savedSearches,
  clientPages,
};

export type User = typeof users.$inferSelect;
export type Diamond = typeof diamonds.$inferSelect;
export type NewDiamond = typeof diamonds.$inferInsert;
export type Post = typeof posts.$inferSelect;
export type SiteBlock = typeof siteBlocks.$inferSelect;
export type Hold = typeof holds.$inferSelect;
export type TestHold = typeof testHolds.$inferSelect;
export type ClientPage = typeof clientPages.$inferSelect;
export type StockImport = typeof stockImports.$inferSelect;
export type StockSource = typeof stockSources.$inferSelect;
