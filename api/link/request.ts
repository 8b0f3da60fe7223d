/**
 * What API Link's data routes share: valibot validation through hono-openapi (so the same
 * schema is in the OpenAPI document) answering bad input in the house error shape, and the
 * price view of the calling key (scope, the customer's markup, the currency and the rates).
 */
import type { StandardSchemaV1 } from '@standard-schema/spec';
import type { Context, MiddlewareHandler, ValidationTargets } from 'hono';
import { uniqueSymbol, validator } from 'hono-openapi';
import type { Db } from '../../db/client.ts';
import { defaultCurrency } from '../../src/domain/money.ts';
import { HttpError, type FieldError } from '../middleware/errors.ts';
import { jsonBody } from '../middleware/json-body.ts';
import { loadRates } from '../services/trade/bag.ts';
import type { Currency, PriceView } from '../services/link/stone-view.ts';
import type { LinkEnv } from './types.ts';
import { priceScopeOf } from './scopes.ts';

function fieldErrors(issues: readonly StandardSchemaV1.Issue[]): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const issue of issues) {
    const param =
      issue.path?.map((p) => String(typeof p === 'object' && p !== null && 'key' in p ? p.key : p)).join('.') || '_';
    if (seen.has(param)) continue;
    seen.add(param);
    out.push({ param, msg: issue.message });
  }
  return out;
}

/**
 * hono-openapi's validator with the house 400 (`{ errors: { msg: [{ param, msg }] } }`). A
 * JSON body sent as another media type is 415 `unsupported_media_type` (json-body.ts, as under
 * /api/v1), not read as an empty object; the document lists 415 for every call with a body.
 */
export const valid = <S extends StandardSchemaV1, T extends keyof ValidationTargets>(target: T, schema: S) => {
  const check = validator(target, schema, (result) => {
    if (!result.success) throw new HttpError(400, fieldErrors(result.error));
  });
  if (target !== 'json') return check;
  const guard = jsonBody();
  const guarded: MiddlewareHandler = (c, next) => guard(c, () => check(c, next) as Promise<void>);
  // the validator's description (its schema, for the document) goes with it
  return Object.assign(guarded, {
    [uniqueSymbol]: check[uniqueSymbol as keyof typeof check],
  }) as unknown as typeof check;
};

/** The calling key's price view: trade or retail (with the account's markup), in `currency`. */
export async function priceView(c: Context<LinkEnv>, db: Db, currency?: Currency): Promise<PriceView> {
  const rates = await loadRates(db);
  const key = c.get('linkKey');
  return {
    scope: priceScopeOf(key.scope),
    markupPct: key.scope === 'retail' ? c.get('linkUser').retailMarkupPct : 0,
    currency: currency ?? (defaultCurrency(rates) as Currency),
    rates,
  };
}
