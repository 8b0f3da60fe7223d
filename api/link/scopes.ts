/**
 * What each key scope may call. `trade` (and `test`, against the same stock): everything.
 * `retail` is public by design (it sits in a jeweller's web page): stone data at the account's
 * marked-up prices and /me without personal data, nothing that reads or changes the account
 * (webhooks, and holds and requests).
 *
 *   app.use('/holds/*', requireScope('trade'));   // 403 scope_not_allowed for a retail key
 *
 * `c.var.isTestKey` says whether the call is made with a test key (its holds and requests must
 * reserve nothing and reach no staff).
 */
import type { MiddlewareHandler } from 'hono';
import { HttpError } from '../middleware/errors.ts';
import type { LinkEnv, LinkKey } from './types.ts';

/** Scopes a call needing `needs` accepts: a test key may do what a trade key may. */
const ACCEPTS: Record<'trade' | 'retail', LinkKey['scope'][]> = {
  trade: ['trade'],
  retail: ['trade', 'retail'],
};

export function requireScope(needs: 'trade' | 'retail'): MiddlewareHandler<LinkEnv> {
  return async (c, next) => {
    const scope = c.var.linkKey?.scope;
    if (scope && !ACCEPTS[needs].includes(scope)) {
      throw new HttpError(403, 'scope_not_allowed', {
        scope,
        needs,
        message: `A ${scope} key may read stone data only; this call needs a ${needs} key (make one on /my-account/api).`,
      });
    }
    await next();
  };
}
