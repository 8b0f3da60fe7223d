/**
 * API Link's saved-search shapes (valibot, as schemas.ts: they validate the calls and become
 * the OpenAPI document). `filters` are the query parameters of GET /stones, with `sort` and
 * `currency`; in a JSON body a value may be text as in the query, a number, true/false or a
 * list. The name and alert fields are the site's own (src/domain/saved-searches/schema.ts).
 */
import * as v from 'valibot';
import { CURRENCIES } from '../../db/schema.ts';
import { ALERT_MODES } from '../../src/domain/saved-searches/alerts.ts';
import {
  alertField,
  DIGEST_HOUR_NEEDED,
  dropField,
  hourField,
  nameField,
  needsDigestHour,
  zoneField,
} from '../../src/domain/saved-searches/schema.ts';
import { CATEGORIES, CurrencyParam, isoTime, ORIGINS, STONE_FILTERS, STONE_SORTS } from './schemas.ts';

const d = v.description;

export const UNKNOWN_FILTER = 'Unknown filter (a saved search takes the query parameters of GET /stones)';

/** The filters as GET /stones reads them (text), checked by its own parameter rules. */
const SavedFiltersQuery = v.strictObject(
  {
    ...STONE_FILTERS,
    sort: v.optional(v.picklist(STONE_SORTS, `Must be one of ${STONE_SORTS.join(', ')}`)),
    currency: CurrencyParam,
  },
  UNKNOWN_FILTER,
);

const FilterValue = v.union(
  [v.string(), v.number(), v.boolean(), v.array(v.union([v.string(), v.number()]))],
  'A filter is text, a number, true or false, or a list',
);
const asQueryText = (o: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(Object.entries(o).map(([k, x]) => [k, Array.isArray(x) ? x.join(',') : String(x)]));

export const LinkSavedSearchBodySchema = v.pipe(
  v.object({
    name: nameField,
    filters: v.pipe(
      v.optional(v.record(v.string(), FilterValue), {}),
      v.transform((o) => asQueryText(o) as v.InferInput<typeof SavedFiltersQuery>),
      SavedFiltersQuery,
      d(
        'The query parameters of GET /stones (not limit, cursor or the has_* flags), plus sort and currency (prices are in it; default: the shop’s). A saved search watches one list: category stone (default) with origin natural (default) or lab_grown, or category parcel. Grades are a range without gaps; certificate_number takes one value.',
      ),
    ),
    alert: v.pipe(v.optional(alertField, 'off'), d('off; instant (within minutes); daily (a digest at digest_hour)')),
    price_drop_pct: v.pipe(v.optional(dropField, null), d('Also alert when a matching stone’s price falls by this %')),
    digest_hour: v.pipe(v.optional(hourField, null), d('0-23 in time_zone; needed for a daily digest')),
    time_zone: v.pipe(v.optional(zoneField, null), d('IANA time zone, e.g. Europe/London; default UTC')),
  }),
  v.forward(
    v.check((s) => !needsDigestHour({ alert: s.alert, digestHour: s.digest_hour }), DIGEST_HOUR_NEEDED),
    ['digest_hour'],
  ),
);
export type LinkSavedSearchBody = v.InferOutput<typeof LinkSavedSearchBodySchema>;

const strings = (text: string) => v.pipe(v.optional(v.array(v.string())), d(text));
const num = (text: string) => v.pipe(v.optional(v.number()), d(text));

export const LinkSavedFiltersSchema = v.pipe(
  v.object({
    category: v.picklist(CATEGORIES),
    origin: v.pipe(v.optional(v.picklist(ORIGINS)), d('Stones only')),
    shape: strings('Shapes'),
    carat_min: num('Carats, at least'),
    carat_max: num('Carats, at most'),
    price_min: num('At least, in `currency`'),
    price_max: num('At most, in `currency`'),
    colour: strings('Colour grades (a range)'),
    clarity: strings('Clarity grades (a range)'),
    cut: strings('Cut grades (a range)'),
    lab: strings('Grading labs'),
    certificate_number: strings('Part of a stock code or certificate number'),
    sort: v.picklist(STONE_SORTS),
    currency: v.picklist(CURRENCIES),
  }),
  d(
    'The GET /stones parameters of the search. A search saved on the site may also use filters /stones does not have (polish, symmetry, fluorescence, depth, table, measurements, special offers, availability): `list_url` has them all.',
  ),
);

export const LinkSavedSearchSchema = v.object({
  id: v.pipe(v.nullable(v.number()), d('null for a test key’s search, which is checked but not kept')),
  name: v.string(),
  filters: LinkSavedFiltersSchema,
  list_url: v.pipe(v.string(), d('The search on the site: the stone list with these filters')),
  alert: v.picklist(ALERT_MODES),
  price_drop_pct: v.nullable(v.number()),
  digest_hour: v.nullable(v.number()),
  time_zone: v.nullable(v.string()),
  test: v.boolean(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type LinkSavedSearch = v.InferOutput<typeof LinkSavedSearchSchema>;

export const LinkSavedSearchListSchema = v.object({
  data: v.pipe(v.array(LinkSavedSearchSchema), d('Oldest first')),
  limit: v.pipe(v.number(), d('How many saved searches an account may keep')),
});

export const SavedSearchIdParam = v.object({
  id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'id must be a number')),
});
