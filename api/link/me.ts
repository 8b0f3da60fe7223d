/**
 * GET /api/link/v1/me: who the key belongs to, the key itself (never its secret), the limits
 * that apply to it and its usage so far today (UTC; the current call is not yet counted).
 *
 *   200 { account: { id, email, company_name, retail_markup_pct },
 *         key: { id, name, scope, last4, created_at, expires_at },
 *         limits: [{ policy, limit, window_seconds }],
 *         usage: { day, calls, errors, bytes } }
 */
import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import { apiKeys } from '../../db/tables.ts';
import { keyUsageOn, utcDay } from '../services/link/api-usage.ts';
import type { Deps } from '../types.ts';
import { linkPolicies } from './limits.ts';
import type { LinkEnv } from './types.ts';

export function meRoutes(deps: Deps) {
  return new Hono<LinkEnv>().get('/', async (c) => {
    const { linkKey, linkUser } = c.var;
    const key = (await deps.db.select().from(apiKeys).where(eq(apiKeys.id, linkKey.id)).limit(1))[0]!;
    c.header('Cache-Control', 'no-store');
    return c.json({
      account: {
        id: linkUser.id,
        email: linkUser.email,
        company_name: linkUser.companyName,
        ...(linkKey.scope === 'retail' ? { retail_markup_pct: linkUser.retailMarkupPct } : {}),
      },
      key: {
        id: key.id,
        name: key.name,
        scope: key.scope,
        last4: key.last4,
        created_at: key.createdAt.toISOString(),
        expires_at: key.expiresAt?.toISOString() ?? null,
      },
      limits: Object.values(linkPolicies(deps.config)).map((p) => ({
        policy: p.name,
        limit: p.limit,
        window_seconds: p.windowMs / 1000,
      })),
      usage: await keyUsageOn(deps.db, key.id, utcDay(deps.clock.now())),
    });
  });
}
