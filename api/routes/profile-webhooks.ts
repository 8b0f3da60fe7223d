/**
 * `/api/v1/profile/webhooks`: the signed-in customer's webhook endpoints for the account page
 * (the same calls as API Link's `/webhooks`, see api/link/webhook-routes.ts). A visitor gets
 * 401; an account without API Link (`api_allow`) 403 `api_access_required`. The account page
 * sees all of the account's endpoints, live and test (`test: true`, made with a test key), and
 * makes live ones.
 */
import { Hono, type Context } from 'hono';
import { HttpError } from '../middleware/errors.ts';
import { signedInUser } from '../middleware/roles.ts';
import { webhookCrudRoutes } from '../link/webhook-routes.ts';
import type { Owner } from '../services/webhooks/endpoints.ts';
import type { AppEnv, Deps } from '../types.ts';

function apiCustomer(c: Context): Owner {
  const user = signedInUser(c as unknown as Context<AppEnv>);
  if (!user.apiAllow) throw new HttpError(403, 'api_access_required');
  return { user };
}

export const profileWebhookRoutes = (deps: Deps) => new Hono<AppEnv>().route('/', webhookCrudRoutes(deps, apiCustomer));
