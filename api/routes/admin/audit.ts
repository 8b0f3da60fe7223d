/**
 *   GET /admin/audit?page=1&limit=50&entity=post&action=post.   200 { docs: AuditView[], totalDocs, page, limit }
 * Newest first; `action` matches a prefix ('post.' = every post change).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { wholeNumberParam } from '../../lib/query-params.ts';
import { queryIn } from '../../middleware/validate.ts';
import { listAudit } from '../../services/admin/audit.ts';
import type { AppEnv, Deps } from '../../types.ts';

const ListQuery = v.object({
  page: v.optional(wholeNumberParam('page', 1_000_000), '1'),
  limit: v.optional(wholeNumberParam('limit', 200), '50'),
  entity: v.optional(v.pipe(v.string(), v.maxLength(40))),
  action: v.optional(v.pipe(v.string(), v.maxLength(60))),
});

export function auditRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', queryIn(ListQuery), async (c) =>
    c.json(await listAudit(deps.db, c.req.valid('query'))),
  );
}
