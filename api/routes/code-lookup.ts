/**
 * The pasted list of the catalogue (signed-in traders; 401 not_signed_in for visitors):
 *
 *   POST /diamonds/lookup  { codes: string[] }  (1-500 stock codes or certificate numbers, mixed)
 *        200 { data: [{ code, status: found|gone|unknown, matched_by, id, stock_code, gone_at }] }
 *
 * One answer per code, in the order asked, by the rule API Link's POST /stones/lookup uses
 * (services/catalogue/code-lookup.ts). No prices: the list shows found stones from the
 * catalogue the browser holds, priced for its audience as everywhere.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { CodeListSchema } from '../../src/domain/catalogue/paste-list.ts';
import { requireUser } from '../middleware/roles.ts';
import { jsonIn } from '../middleware/validate.ts';
import { lookupCodes } from '../services/catalogue/code-lookup.ts';
import type { AppEnv, Deps } from '../types.ts';

export const CodeLookupSchema = v.object({ codes: CodeListSchema });

export function codeLookupRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/', requireUser(), jsonIn(CodeLookupSchema), async (c) => {
    const matches = await lookupCodes(deps.db, c.req.valid('json').codes);
    c.header('Cache-Control', 'no-store');
    return c.json({
      data: matches.map(({ code, status, matchedBy, row, goneAt }) => ({
        code,
        status,
        matched_by: matchedBy,
        id: row?.id ?? null,
        stock_code: row?.stockCode ?? null,
        gone_at: goneAt?.toISOString() ?? null,
      })),
    });
  });
}
