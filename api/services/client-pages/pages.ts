/**
 * A trader's client pages: made from a selection of stones, listed, changed and revoked by
 * their owner only (another trader's page is a 404, as if it did not exist). Limits and the
 * inputs' rules are in src/domain/client-pages/schema.ts.
 */
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { clientPages, diamonds, type ClientPage, type User } from '../../../db/tables.ts';
import { first } from '../../../db/client.ts';
import {
  CLIENT_PAGES_MAX_LIVE,
  EXPIRY_MAX_DAYS,
  type ClientPageNew,
  type ClientPagePatch,
} from '../../../src/domain/client-pages/schema.ts';
import { markupPct, markupTenths } from '../../../src/domain/client-pages/pricing.ts';
import type { ClientPageView } from '../../../src/domain/client-pages/view.ts';
import { routes } from '../../../src/domain/routes.ts';
import { HttpError } from '../../middleware/errors.ts';
import { UPLOAD_URL_PREFIX } from '../site/uploads.ts';
import type { Deps } from '../../types.ts';

const DAY = 86_400_000;

/** 256 random bits, url-safe (43 characters). */
export const newPageToken = () => randomBytes(32).toString('base64url');

export const logoUrlOf = (name: string | null) => (name ? `${UPLOAD_URL_PREFIX}${name}` : null);

export function stateOf(page: ClientPage, now: number): ClientPageView['state'] {
  if (page.revokedAt) return 'revoked';
  if (page.expiresAt && page.expiresAt.getTime() <= now) return 'expired';
  return 'live';
}

export function viewOf(page: ClientPage, now: number): ClientPageView {
  return {
    id: page.id,
    title: page.title,
    companyName: page.companyName,
    logoUrl: logoUrlOf(page.logoUpload),
    markupPct: markupPct(page.markupTenths),
    currency: page.currency,
    hideStockCode: page.hideStockCode,
    stoneCount: page.diamondIds.length,
    views: page.views,
    url: routes.clientPage(page.token),
    createdAt: page.createdAt.toISOString(),
    expiresAt: page.expiresAt?.toISOString() ?? null,
    revokedAt: page.revokedAt?.toISOString() ?? null,
    state: stateOf(page, now),
  };
}

function checkExpiry(expiresAt: Date | null | undefined, now: number): void {
  if (expiresAt == null) return;
  const at = expiresAt.getTime();
  if (at <= now) throw new HttpError(400, [{ param: 'expiresAt', msg: 'Expiry must be in the future' }]);
  if (at > now + EXPIRY_MAX_DAYS * DAY)
    throw new HttpError(400, [{ param: 'expiresAt', msg: `Expiry must be within ${EXPIRY_MAX_DAYS} days` }]);
}

const live = (now: number) =>
  and(isNull(clientPages.revokedAt), or(isNull(clientPages.expiresAt), gt(clientPages.expiresAt, new Date(now))));

/** The stones must exist and be in stock when the page is made. */
async function checkStones(deps: Deps, ids: readonly number[]): Promise<void> {
  const found = await deps.db
    .select({ id: diamonds.id, inStock: diamonds.inStock })
    .from(diamonds)
    .where(inArray(diamonds.id, [...ids]));
  const inStock = new Set(found.filter((r) => r.inStock).map((r) => r.id));
  const missing = ids.filter((id) => !inStock.has(id));
  if (missing.length > 0) throw new HttpError(409, 'stone_unavailable', { ids: missing });
}

export async function createClientPage(deps: Deps, user: User, input: ClientPageNew): Promise<ClientPageView> {
  const now = deps.clock.now();
  checkExpiry(input.expiresAt, now);
  const n =
    (
      await first(
        deps.db
          .select({ n: count() })
          .from(clientPages)
          .where(and(eq(clientPages.userId, user.id), live(now))),
      )
    )?.n ?? 0;
  if (n >= CLIENT_PAGES_MAX_LIVE) throw new HttpError(409, 'client_page_limit', { max: CLIENT_PAGES_MAX_LIVE });
  await checkStones(deps, input.diamondIds);
  const [page] = await deps.db
    .insert(clientPages)
    .values({
      userId: user.id,
      token: newPageToken(),
      title: input.title,
      companyName: input.companyName || user.companyName,
      markupTenths: markupTenths(input.markupPct),
      currency: input.currency,
      hideStockCode: input.hideStockCode,
      diamondIds: input.diamondIds,
      expiresAt: input.expiresAt,
      createdAt: new Date(now),
      updatedAt: new Date(now),
    })
    .returning();
  return viewOf(page!, now);
}

export async function listClientPages(deps: Deps, userId: number): Promise<ClientPageView[]> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select()
    .from(clientPages)
    .where(eq(clientPages.userId, userId))
    .orderBy(desc(clientPages.createdAt), desc(clientPages.id));
  return rows.map((r) => viewOf(r, now));
}

/** The trader's own page, or 404 client_page_not_found (another trader's page too). */
export async function ownPage(deps: Deps, userId: number, id: number): Promise<ClientPage> {
  const page = await first(
    deps.db
      .select()
      .from(clientPages)
      .where(and(eq(clientPages.id, id), eq(clientPages.userId, userId)))
      .limit(1),
  );
  if (!page) throw new HttpError(404, 'client_page_not_found');
  return page;
}

async function save(deps: Deps, page: ClientPage, set: Partial<ClientPage>): Promise<ClientPageView> {
  const now = deps.clock.now();
  const [after] = await deps.db
    .update(clientPages)
    .set({ ...set, updatedAt: new Date(now) })
    .where(eq(clientPages.id, page.id))
    .returning();
  return viewOf(after!, now);
}

export async function updateClientPage(
  deps: Deps,
  userId: number,
  id: number,
  patch: ClientPagePatch,
): Promise<ClientPageView> {
  const page = await ownPage(deps, userId, id);
  if (page.revokedAt) throw new HttpError(410, 'client_page_revoked');
  checkExpiry(patch.expiresAt, deps.clock.now());
  return save(deps, page, {
    ...(patch.title !== undefined ? { title: patch.title } : {}),
    ...(patch.companyName !== undefined ? { companyName: patch.companyName } : {}),
    ...(patch.markupPct !== undefined ? { markupTenths: markupTenths(patch.markupPct) } : {}),
    ...(patch.currency !== undefined ? { currency: patch.currency } : {}),
    ...(patch.hideStockCode !== undefined ? { hideStockCode: patch.hideStockCode } : {}),
    ...(patch.expiresAt !== undefined ? { expiresAt: patch.expiresAt } : {}),
  });
}

/** Revoking is final: the address answers 410 from now on. Revoking twice changes nothing. */
export async function revokeClientPage(deps: Deps, userId: number, id: number): Promise<ClientPageView> {
  const page = await ownPage(deps, userId, id);
  if (page.revokedAt) return viewOf(page, deps.clock.now());
  return save(deps, page, { revokedAt: new Date(deps.clock.now()) });
}

/** Sets (or, with null, removes) the page's logo; the logo it replaces is deleted. */
export async function setLogo(
  deps: Deps,
  page: ClientPage,
  name: string | null,
  remove: (name: string) => Promise<void>,
): Promise<ClientPageView> {
  const view = await save(deps, page, { logoUpload: name });
  if (page.logoUpload && page.logoUpload !== name) await remove(page.logoUpload);
  return view;
}
