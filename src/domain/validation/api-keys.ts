/** Inputs of the API Link key calls (/api/v1/profile/api-keys, /profile/api-link), shared with the UI. */
import * as v from 'valibot';
import { requiredText } from './fields.ts';

export const KEY_NAME_MAX = 60;

/**
 * What a key may call: `trade` everything, at trade prices; `retail` stone data only, at the
 * account's marked-up prices (it sits in a web page); `test` what a trade key may, against the
 * live stock at trade prices, but its holds and requests reserve nothing and reach no staff;
 * `stock` only the stock push calls (/stock), for the wholesaler's own system: made by staff
 * only (Admin → Stock → API keys), never by a customer.
 */
export const API_KEY_SCOPES = ['trade', 'retail', 'test', 'stock'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
/** The scopes a customer may make keys of. */
export const CUSTOMER_KEY_SCOPES = ['trade', 'retail', 'test'] as const satisfies readonly ApiKeyScope[];
export const OVERLAP_HOURS_MAX = 168;
export const RETAIL_MARKUP_MAX = 1000;

export const NewKeySchema = v.object(
  {
    name: requiredText('name is required', 'name', KEY_NAME_MAX),
    scope: v.picklist(CUSTOMER_KEY_SCOPES, 'scope must be trade, retail or test'),
  },
  'The request body must be a JSON object',
);

/** A staff member's new `stock` key (Admin → Stock → API keys). */
export const NewStockKeySchema = v.object(
  { name: requiredText('name is required', 'name', KEY_NAME_MAX) },
  'The request body must be a JSON object',
);

export const RollKeySchema = v.object(
  {
    overlapHours: v.optional(
      v.pipe(
        v.number('overlapHours must be a whole number of hours'),
        v.integer('overlapHours must be a whole number of hours'),
        v.minValue(0, 'overlapHours must be at least 0'),
        v.maxValue(OVERLAP_HOURS_MAX, `overlapHours must be at most ${OVERLAP_HOURS_MAX} (7 days)`),
      ),
      24,
    ),
  },
  'The request body must be a JSON object',
);

export const RetailMarkupSchema = v.object(
  {
    retailMarkupPct: v.pipe(
      v.number('retailMarkupPct must be a number'),
      v.minValue(0, 'retailMarkupPct must be at least 0'),
      v.maxValue(RETAIL_MARKUP_MAX, `retailMarkupPct must be at most ${RETAIL_MARKUP_MAX}`),
      v.transform((n) => Math.round(n * 100) / 100),
    ),
  },
  'The request body must be a JSON object',
);
