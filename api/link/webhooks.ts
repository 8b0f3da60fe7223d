/** API Link `/webhooks` (mounted by createLinkApp): the key's account's endpoints (see webhook-routes.ts), trade keys only. */
import { Hono, type Context } from 'hono';
import type { Deps } from '../types.ts';
import type { LinkEnv } from './types.ts';
import { webhookDocs } from './webhook-docs.ts';
import { WebhookCreateSchema, WebhookPatchSchema, webhookCrudRoutes } from './webhook-routes.ts';

export function webhookRoutes(deps: Deps): Hono<LinkEnv> {
  const owner = (c: Context) => (c as unknown as Context<LinkEnv>).var.linkUser;
  const docs = webhookDocs(WebhookCreateSchema, WebhookPatchSchema);
  return new Hono<LinkEnv>().route('/', webhookCrudRoutes(deps, owner, docs));
}
