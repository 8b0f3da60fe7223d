/**
 * What each key scope may call, and the one rule for test keys.
 *
 * - `trade`: everything, at trade prices.
 * - `test`: what a trade key may call, against the live stock at trade prices; what it makes
 *   (holds, requests) is validated and answered as the real thing, marked `test: true`,
 *   reserves nothing and reaches no staff. Ask `isTestKey(c.var.linkKey)`.
 * - `stock`: the wholesaler's own system pushing stock (/stock), made by staff only; it reads
 *   nothing else (no stones, customers or requests: 403), and no other key may push stock.
 * - `retail`: public by design (it sits in a jeweller's web page): stone data at the
 *   account's marked-up prices and /me without personal data, nothing that reads or changes
 *   the account (webhooks, holds, requests, test events).
 *
 *   app.use('/holds/*', requireScope('trade'));   // 403 scope_not_allowed for a retail key
 *   if (isTestKey(c.var.linkKey)) return placeTestHold(...);
 */
import type { MiddlewareHandler } from 'hono';
import type { ApiKeyScope } from '../../src/domain/validation/api-keys.ts';
import { HttpError } from '../middleware/errors.ts';
import type { LinkEnv, LinkKey } from './types.ts';

/** Scopes a call needing `needs` accepts: a test key may do what a trade key may; only a stock key pushes stock. */
const ACCEPTS: Record<'trade' | 'retail' | 'stock', ApiKeyScope[]> = {
  trade: ['trade', 'test'],
  retail: ['trade', 'retail', 'test'],
  stock: ['stock'],
};

/** Is this a test key? Its holds and requests must reserve nothing and reach no staff. */
export const isTestKey = (key: Pick<LinkKey, 'scope'> | undefined): boolean => key?.scope === 'test';

/** The prices a key sees: retail keys the marked-up price, trade, test (and stock) keys the trade price. */
export const priceScopeOf = (scope: ApiKeyScope): 'trade' | 'retail' => (scope === 'retail' ? 'retail' : 'trade');

const refusal = (scope: ApiKeyScope, needs: 'trade' | 'retail' | 'stock') =>
  new HttpError(403, 'scope_not_allowed', {
    scope,
    needs,
    message:
      needs === 'stock'
        ? `Only a stock key (made by the shop's staff) may push stock; this is a ${scope} key.`
        : scope === 'stock'
          ? 'A stock key may only push stock (/stock) and read /me.'
          : `A ${scope} key may read stone data only; this call needs a ${needs} or test key (make one on /my-account/api).`,
  });

export function requireScope(needs: 'trade' | 'retail' | 'stock'): MiddlewareHandler<LinkEnv> {
  return async (c, next) => {
    const scope = c.var.linkKey?.scope;
    if (scope && !ACCEPTS[needs].includes(scope)) throw refusal(scope, needs);
    await next();
  };
}

/** A stock key reads nothing else: every call but /stock and /me is 403 for it. */
export function stockKeysPushOnly(base: string): MiddlewareHandler<LinkEnv> {
  const allowed = (path: string) =>
    path === `${base}/me` || path === `${base}/stock` || path.startsWith(`${base}/stock/`);
  return async (c, next) => {
    if (c.var.linkKey?.scope === 'stock' && !allowed(c.req.path)) throw refusal('stock', 'retail');
    await next();
  };
}
