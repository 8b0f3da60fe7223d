/**
 * The client's read of a page (no sign-in): the token opens it, a revoked or expired page is a
 * 410, an unknown token a 404. Stones are shown from the price-free view every page outside
 * the trade uses (catalogue/diamond-docs.ts `toPriceFreeDoc`) plus the client price of
 * src/domain/client-pages/pricing.ts: no trade price, RAP, discount or supplier field is ever
 * put into the answer, and the stock code only when the trader shows it.
 *
 * Hidden stock codes hide the stone's way back to the shop: the public catalogue pairs each
 * certificate number with its stock code, so the certificate number is left out too (the
 * certificate itself still opens through the page's own address), and so is any photograph
 * whose address holds the stock code, the certificate number or the stone's id (the shape
 * drawing stands in when none is left).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { first } from '../../../db/client.ts';
import { clientPages, diamonds, type ClientPage, type Diamond } from '../../../db/tables.ts';
import { clientPrice, markupPct } from '../../../src/domain/client-pages/pricing.ts';
import type { ClientStone, PublicClientPage } from '../../../src/domain/client-pages/view.ts';
import { isParcel } from '../../../src/domain/diamond.ts';
import { formatRange, type FxRate } from '../../../src/domain/money.ts';
import { HttpError } from '../../middleware/errors.ts';
import { toDiamondDoc, toPriceFreeDoc } from '../catalogue/diamond-docs.ts';
import { loadExtras, type StoneExtras } from '../link/stone-view.ts';
import { loadRates } from '../trade/bag.ts';
import type { Deps } from '../../types.ts';
import { logoUrlOf, stateOf } from './pages.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The page of a token when it may be shown: 404 unknown, 410 revoked or expired. */
export async function openPage(deps: Deps, token: string): Promise<ClientPage> {
  const page = TOKEN.test(token)
    ? await first(deps.db.select().from(clientPages).where(eq(clientPages.token, token)).limit(1))
    : undefined;
  if (!page) throw new HttpError(404, 'client_page_not_found');
  const state = stateOf(page, deps.clock.now());
  if (state === 'revoked') throw new HttpError(410, 'client_page_revoked');
  if (state === 'expired') throw new HttpError(410, 'client_page_expired');
  return page;
}

/** What the page's address (/client/{token}) answers: 200 live, 404 unknown, 410 revoked or expired. */
export async function addressStatus(deps: Deps, token: string): Promise<number> {
  try {
    await openPage(deps, token);
    return 200;
  } catch (err) {
    if (err instanceof HttpError) return err.status;
    throw err;
  }
}

/** One more view (a single atomic increment, so views at once are all counted). */
export async function countView(deps: Deps, page: ClientPage): Promise<void> {
  await deps.db
    .update(clientPages)
    .set({ views: sql`${clientPages.views} + 1` })
    .where(eq(clientPages.id, page.id));
}

/** The address of the n-th stone's certificate (1-based), through the page's token. */
export const certificateUrl = (token: string, n: number) => `/api/v1/client-pages/public/${token}/certificates/${n}`;

/** Letters and digits only, lower case: 'AB-12' and '/media/ab12.jpg' -> 'ab12', 'mediaab12jpg'. */
const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

/**
 * Whether an address could lead back to the stone in the shop: it holds its stock code or
 * certificate number (in any case, with or without separators), or its id as a whole part.
 */
export function namesStone(url: string, row: Pick<Diamond, 'id' | 'stockCode' | 'certNumber'>): boolean {
  const address = compact(url);
  const marks = [row.stockCode, row.certNumber].map(compact).filter((m) => m.length >= 3);
  return (
    marks.some((m) => address.includes(m)) ||
    url
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .includes(String(row.id))
  );
}

function clientStone(
  page: ClientPage,
  row: Diamond,
  extras: StoneExtras,
  n: number,
  rates: readonly FxRate[],
): ClientStone {
  const doc = toPriceFreeDoc(row);
  const available = row.inStock;
  const hidden = page.hideStockCode;
  const gallery = extras.media
    .filter((m) => m.type === 'image' && !(hidden && namesStone(m.src, row)))
    .map((m) => m.src);
  return {
    available,
    kind: isParcel(row.catType) ? 'parcel' : 'stone',
    shape: doc.StkShape,
    carat: doc.STWeight,
    colour: formatRange(doc.Colour),
    clarity: formatRange(doc.Clarity),
    cut: formatRange(doc.Cut),
    polish: formatRange(doc.Polish),
    symmetry: formatRange(doc.Symmetry),
    fluorescence: formatRange(doc.flourecence),
    lab: doc.StkCertSup,
    ...(hidden ? {} : { certificateNumber: doc.StkCertNo }),
    measurements: doc.Stk_Mes_Concat || '-',
    images: gallery.length > 0 ? gallery : [doc.img],
    certificateUrl: available && extras.certificates.length > 0 ? certificateUrl(page.token, n) : null,
    ...(hidden ? {} : { stockCode: doc.StkCodeCalcNS }),
    // priced from the trade doc here, on the server; only the marked-up figure leaves
    price: available ? clientPrice(toDiamondDoc(row, true), markupPct(page.markupTenths), page.currency, rates) : null,
  };
}

/** The stones of a page in the trader's order; a stone deleted from the stock is left out. */
async function stonesOf(deps: Deps, page: ClientPage): Promise<{ row: Diamond; n: number }[]> {
  const ids = page.diamondIds;
  const rows = ids.length ? await deps.db.select().from(diamonds).where(inArray(diamonds.id, ids)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id, i) => {
    const row = byId.get(id);
    return row ? [{ row, n: i + 1 }] : [];
  });
}

export async function publicPage(deps: Deps, page: ClientPage): Promise<PublicClientPage> {
  const stones = await stonesOf(deps, page);
  const extras = await loadExtras(
    deps.db,
    stones.map((s) => s.row.id),
  );
  const rates = await loadRates(deps.db);
  return {
    title: page.title,
    companyName: page.companyName,
    logoUrl: logoUrlOf(page.logoUpload),
    currency: page.currency,
    stones: stones.map(({ row, n }) =>
      clientStone(page, row, extras.get(row.id) ?? { media: [], certificates: [] }, n, rates),
    ),
  };
}

/** The stone behind the n-th certificate link of a live page, if it is still available. */
export async function certificateStone(deps: Deps, page: ClientPage, n: number): Promise<number | null> {
  const id = page.diamondIds[n - 1];
  if (id == null) return null;
  const row = await first(deps.db.select().from(diamonds).where(eq(diamonds.id, id)).limit(1));
  return row?.inStock ? row.id : null;
}
