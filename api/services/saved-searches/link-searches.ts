/**
 * Saved searches through API Link: `filters` (GET /stones parameters) become the saved view
 * (src/domain/saved-searches/link-filters.ts), answered back in the same form with the
 * site address. A filter the list cannot keep is a 400 naming `filters.<parameter>`.
 * A test key's search is checked as a real one (limit included) and answered, not kept.
 */
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { savedSearches } from '../../../db/tables.ts';
import type { LinkSavedSearch, LinkSavedSearchBody } from '../../link/saved-search-schemas.ts';
import { defaultCurrency } from '../../../src/domain/money.ts';
import { MAX_SAVED_SEARCHES } from '../../../src/domain/saved-searches/alerts.ts';
import { linkFiltersOfView, viewOfLinkFilters } from '../../../src/domain/saved-searches/link-filters.ts';
import { canonicalAddress, readView, viewAddress } from '../../../src/domain/saved-searches/view.ts';
import { HttpError } from '../../middleware/errors.ts';
import { loadRates } from '../trade/bag.ts';
import { createSearch, limitError, type NewSearch, type SavedSearch } from './saved-searches.ts';

async function fromBody(db: Db, body: LinkSavedSearchBody): Promise<NewSearch> {
  const { currency, ...filters } = body.filters;
  const made = viewOfLinkFilters(filters);
  if (!made.ok) throw new HttpError(400, [{ param: `filters.${made.issue.param}`, msg: made.issue.msg }]);
  return {
    name: body.name,
    view: canonicalAddress(viewAddress(made.value))!,
    columns: { measurements: true, availability: true },
    currency: currency ?? defaultCurrency(await loadRates(db)),
    alert: body.alert,
    digestHour: body.digest_hour,
    timeZone: body.time_zone,
    priceDropPct: body.price_drop_pct,
  };
}

type Shown = SavedSearch | (NewSearch & { id: null; createdAt: Date; updatedAt: Date });
const NO_FILTERS = { category: 'stone', sort: 'created' } as const;

export function toLinkView(s: Shown, siteUrl: string): LinkSavedSearch {
  const view = readView(s.view);
  const filters = { ...NO_FILTERS, ...(view ? linkFiltersOfView(view) : {}), currency: s.currency };
  return {
    id: s.id,
    name: s.name,
    filters: filters as LinkSavedSearch['filters'],
    list_url: `${siteUrl}${s.view}`,
    alert: s.alert,
    price_drop_pct: s.priceDropPct,
    digest_hour: s.digestHour,
    time_zone: s.timeZone,
    test: s.id == null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

export async function saveFromLink(
  db: Db,
  userId: number,
  body: LinkSavedSearchBody,
  now: number,
  siteUrl: string,
  test: boolean,
): Promise<LinkSavedSearch> {
  const data = await fromBody(db, body);
  if (!test) return toLinkView(await createSearch(db, userId, data, now), siteUrl);
  const [held] = await db.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
  if (Number(held?.n ?? 0) >= MAX_SAVED_SEARCHES) throw limitError();
  const at = new Date(now);
  return toLinkView({ ...data, id: null, createdAt: at, updatedAt: at }, siteUrl);
}
