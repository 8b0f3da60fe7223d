/**
 * GET /api/link/v1/me: who the key belongs to, the key itself (never its secret), the limits
 * that apply to it and its usage so far today (UTC; the current call is not yet counted).
 * A retail key is public by design (it sits in a web page), so it is shown no personal data:
 * no e-mail, only the company name and its markup.
 *
 *   200 { account: { id, company_name, email (trade, test) | retail_markup_pct (retail) },
 *         key: { id, name, scope, last4, created_at, expires_at },
 *         limits: [{ policy, limit, window_seconds }],
 *         usage: { day, calls, errors, bytes } }
 */
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { eq } from 'drizzle-orm';
import { apiKeys } from '../../db/tables.ts';
import { keyUsageOn, utcDay } from '../services/link/api-usage.ts';
import type { Deps } from '../types.ts';
import { linkPolicies } from './limits.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import { MeSchema } from './schemas.ts';
import type { LinkEnv } from './types.ts';

const EXAMPLE = {
  account: { id: 12, company_name: 'Hatton Jewellers Ltd', email: 'dev@hatton.example' },
  key: {
    id: 3,
    name: 'Stock sync',
    scope: 'trade',
    last4: 'x9Qa',
    created_at: '2026-05-04T09:30:00.000Z',
    expires_at: null,
  },
  limits: [
    { policy: 'default', limit: 120, window_seconds: 60 },
    { policy: 'feed', limit: 12, window_seconds: 3600 },
  ],
  usage: { day: '2026-05-04', calls: 318, errors: 2, bytes: 1048576 },
};

export function meRoutes(deps: Deps) {
  return new Hono<LinkEnv>().get(
    '/',
    describeRoute({
      tags: ['Account'],
      summary: 'The account, the key (name, scope), its limits and usage so far today',
      description: 'A retail key sees no personal data: no e-mail, only the company name and its markup.',
      responses: { 200: jsonResponse('The caller', MeSchema, EXAMPLE), ...errorResponses() },
    }),
    async (c) => {
      const { linkKey, linkUser } = c.var;
      const key = (await deps.db.select().from(apiKeys).where(eq(apiKeys.id, linkKey.id)).limit(1))[0]!;
      c.header('Cache-Control', 'no-store');
      const retail = linkKey.scope === 'retail';
      return c.json({
        account: {
          id: linkUser.id,
          company_name: linkUser.companyName,
          ...(retail ? { retail_markup_pct: linkUser.retailMarkupPct } : { email: linkUser.email }),
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
    },
  );
}
