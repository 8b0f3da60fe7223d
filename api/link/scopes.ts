/**
 * What each key scope may call, and the one rule for test keys.
 *
 * - `trade`: everything, at trade prices.
 * - `test`: what a trade key may call, against the live stock at trade prices; what it makes
 *   (holds, requests) is validated and answered as the real thing, marked `test: true`,
 *   reserves nothing and reaches no staff. Ask `isTestKey(c.var.linkKey)`.
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

/** Scopes a call needing `needs` accepts: a test key may do what a trade key may. */
const ACCEPTS: Record<'trade' | 'retail', ApiKeyScope[]> = {
  trade: ['trade', 'test'],
  retail: ['trade', 'retail', 'test'],
};

/** Is this a test key? Its holds and requests must reserve nothing and reach no staff. */
export const isTestKey = (key: Pick<LinkKey, 'scope'> | undefined): boolean => key?.scope === 'test';

/** The prices a key sees: retail keys the marked-up price, trade and test keys the trade price. */
export const priceScopeOf = (scope: ApiKeyScope): 'trade' | 'retail' => (scope === 'retail' ? 'retail' : 'trade');

export function requireScope(needs: 'trade' | 'retail'): MiddlewareHandler<LinkEnv> {
  return async (c, next) => {
    const scope = c.var.linkKey?.scope;
    if (scope && !ACCEPTS[needs].includes(scope)) {
      throw new HttpError(403, 'scope_not_allowed', {
        scope,
        needs,
        message: `A ${scope} key may read stone data only; this call needs a ${needs} or test key (make one on /my-account/api).`,
      });
    }
    await next();
  };
}
