/**
 * API Link `/webhooks` (mounted by createLinkApp behind requireScope('trade')): the key's
 * account's endpoints (see webhook-routes.ts). A trade key manages the live endpoints, a test
 * key only the test endpoints it made (which receive test events only): a test key never
 * reads the secret of, or redirects, an endpoint that receives real events.
 */
import { Hono, type Context } from 'hono';
import type { Owner } from '../services/webhooks/endpoints.ts';
import type { Deps } from '../types.ts';
import { isTestKey } from './scopes.ts';
import type { LinkEnv } from './types.ts';
import { webhookDocs } from './webhook-docs.ts';
import { WebhookCreateSchema, WebhookPatchSchema, webhookCrudRoutes } from './webhook-routes.ts';

export function webhookRoutes(deps: Deps): Hono<LinkEnv> {
  const owner = (c: Context): Owner => {
    const { linkUser, linkKey } = (c as unknown as Context<LinkEnv>).var;
    return { user: linkUser, test: isTestKey(linkKey) };
  };
  const docs = webhookDocs(WebhookCreateSchema, WebhookPatchSchema);
  return new Hono<LinkEnv>().route('/', webhookCrudRoutes(deps, owner, docs));
}
