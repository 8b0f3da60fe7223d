/** GET /diamonds: one page of in-stock stones with the slider ranges and grade marks. */
import { Hono } from 'hono';
import * as v from 'valibot';
import { marksClarity, marksColour } from '../../src/domain/grades.ts';
import type { DiamondList } from '../../src/domain/diamond.ts';
import { HttpError } from '../middleware/errors.ts';
import { queryIn } from '../middleware/validate.ts';
import { toDiamondDoc } from '../services/catalogue/diamond-docs.ts';
import { listStock, PRICE_SORTS, SORT_COLUMNS, stockSummary, type SortKey } from '../services/catalogue/stock.ts';
import type { AppEnv, Deps } from '../types.ts';
import { wholeNumberParam } from '../lib/query-params.ts';

export const MAX_LIMIT = 1000;

const ListQuery = v.object({
  page: v.optional(wholeNumberParam('page', 1_000_000), '1'),
  limit: v.optional(wholeNumberParam('limit', MAX_LIMIT), '25'),
  order: v.optional(
    v.pipe(
      v.picklist(['1', '-1'], 'order must be 1 or -1'),
      v.transform((s) => (s === '1' ? 1 : -1) as 1 | -1),
    ),
    '1',
  ),
  sort: v.optional(
    v.picklist(Object.keys(SORT_COLUMNS) as SortKey[], `sort must be one of ${Object.keys(SORT_COLUMNS).join(', ')}`),
    'createdAt',
  ),
});

export function diamondRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', queryIn(ListQuery), async (c) => {
    const q = c.req.valid('query');
    const authorised = c.var.user != null;
    if (!authorised && PRICE_SORTS.includes(q.sort)) {
      throw new HttpError(400, [{ param: 'sort', msg: 'Sign in to sort by price' }]);
    }
    const { totalDocs, ranges } = await stockSummary(deps.db);
    const rows = await listStock(deps.db, q);
    const body: DiamondList = {
      docs: rows.map((d) => toDiamondDoc(d, authorised)),
      totalDocs,
      page: q.page,
      limit: q.limit,
      totalPages: Math.max(1, Math.ceil(totalDocs / q.limit)),
      ranges,
      marksColour,
      marksClarity,
    };
    return c.json(body);
  });
}
