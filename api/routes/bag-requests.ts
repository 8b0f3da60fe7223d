/**
 * Bag requests of the signed-in customer, under /api/v1/profile (401 not_signed_in for visitors):
 *
 *   POST /profile/bagRequest   BagRequestSchema body   200 { isAuthorised, user } (user.bag: what is left)
 *                              | 400 field errors | 404 unknown_stone | 409 stone_unavailable, not_in_bag,
 *                              stone_on_hold, bag_empty, bag_changed, price_mismatch, total_mismatch, rates_changed
 *   GET  /profile/bagRequests  -                       200 { docs: BagRequestView[] } (newest first)
 *
 * After the request is stored the staff get a summary and the customer a copy (e-mails).
 */
import { writeTx } from '../../db/client.ts';
import { Hono } from 'hono';
import { BagRequestSchema } from '../../src/domain/bag/payload.ts';
import { jsonIn } from '../middleware/validate.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import { bagLines } from '../services/trade/bag.ts';
import { createBagRequest, listBagRequests } from '../services/trade/bag-requests.ts';
import { deliverQueued } from '../services/platform/mailer.ts';
import { queueRequestSent } from '../services/trade/request-notices.ts';
import { authState } from '../services/accounts/user-view.ts';
import type { AppEnv, Deps } from '../types.ts';

export function bagRequestRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/bagRequest', requireUser(), jsonIn(BagRequestSchema), async (c) => {
      const user = signedInUser(c);
      const input = c.req.valid('json');
      // the request and its e-mails are stored together; the e-mails go out after the commit
      const mails = await writeTx(deps.db, async (tx) =>
        queueRequestSent(deps, tx, user, await createBagRequest(tx, user.id, input, deps.clock.now())),
      );
      await deliverQueued(deps.mailer, mails);
      c.header('Cache-Control', 'no-store');
      return c.json(authState(user, { bag: await bagLines(deps.db, user.id, input.ccy) }));
    })
    .get('/bagRequests', requireUser(), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json({ docs: await listBagRequests(deps.db, signedInUser(c).id) });
    });
}
