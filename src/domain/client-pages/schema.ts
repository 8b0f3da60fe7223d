/**
 * Client pages: the inputs of the trader's calls (the dialog's form parses with the same
 * schemas) and their limits.
 *
 *   ClientPageNewSchema     POST  /api/v1/client-pages
 *   ClientPagePatchSchema   PATCH /api/v1/client-pages/{id}
 */
import * as v from 'valibot';
import { CURRENCY_CODES } from '../money.ts';
import { optionalText, requiredText } from '../validation/fields.ts';
import { MARKUP_MAX_PCT, MARKUP_MIN_PCT, markupTenths } from './pricing.ts';

export const CLIENT_PAGE_MAX_STONES = 200;
/** pages a trader may have that are neither revoked nor expired */
export const CLIENT_PAGES_MAX_LIVE = 100;
export const TITLE_MAX = 120;
export const COMPANY_MAX = 120;
/** the furthest an expiry may be set */
export const EXPIRY_MAX_DAYS = 366;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

const markup = v.pipe(
  v.number('Markup must be a number'),
  v.minValue(MARKUP_MIN_PCT, `Markup must be at least ${MARKUP_MIN_PCT} %`),
  v.maxValue(MARKUP_MAX_PCT, `Markup must be at most ${MARKUP_MAX_PCT} %`),
  v.check((n) => Math.abs(markupTenths(n) - n * 10) < 1e-6, 'Markup takes at most one decimal'),
);

const currency = v.picklist(CURRENCY_CODES, `Currency must be one of ${CURRENCY_CODES.join(', ')}`);

/** An ISO date and time, or null for no expiry (checked against the clock by the server). */
const expiry = v.nullable(
  v.pipe(
    v.string('Expiry must be a date'),
    v.isoTimestamp('Expiry must be a date and time'),
    v.transform((s) => new Date(s)),
  ),
);

const stones = v.pipe(
  v.array(
    v.pipe(v.number('Stones must be stone ids'), v.integer('Stones must be stone ids'), v.minValue(1)),
    'Stones must be a list of stone ids',
  ),
  v.minLength(1, 'Choose at least one stone'),
  v.maxLength(CLIENT_PAGE_MAX_STONES, `A client page holds at most ${CLIENT_PAGE_MAX_STONES} stones`),
  v.transform((ids) => [...new Set(ids)]),
);

export const ClientPageNewSchema = v.object(
  {
    title: requiredText('Title is required', 'Title', TITLE_MAX),
    /** empty: the trader's company name */
    companyName: optionalText('Company name', COMPANY_MAX),
    markupPct: markup,
    currency,
    hideStockCode: v.optional(v.boolean('hideStockCode must be true or false'), true),
    expiresAt: v.optional(expiry, null),
    diamondIds: stones,
  },
  'The request body must be a JSON object',
);
export type ClientPageNew = v.InferOutput<typeof ClientPageNewSchema>;
/** The body as a client sends it (the expiry as an ISO string). */
export type ClientPageNewBody = v.InferInput<typeof ClientPageNewSchema>;

export const ClientPagePatchSchema = v.object(
  {
    title: v.optional(requiredText('Title is required', 'Title', TITLE_MAX)),
    companyName: v.optional(requiredText('Company name is required', 'Company name', COMPANY_MAX)),
    markupPct: v.optional(markup),
    currency: v.optional(currency),
    hideStockCode: v.optional(v.boolean('hideStockCode must be true or false')),
    expiresAt: v.optional(expiry),
  },
  'The request body must be a JSON object',
);
export type ClientPagePatch = v.InferOutput<typeof ClientPagePatchSchema>;
