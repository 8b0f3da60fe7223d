/**
 * A stock row -> API Link's stone (api/link/schemas.ts), priced for the key's scope.
 *
 * - Trade keys: the trade price as the catalogue shows it (src/domain/money.ts displayPrice:
 *   special, else price, else ExWebTotal for stones, per stone; special or ppc for parcels,
 *   per carat), converted with the shop's rates, plus `rap_pct`.
 * - Retail keys: trade x (1 + users.retail_markup_pct / 100), rounded like the trade price
 *   (whole units per stone, 2 decimals per carat) by the client pages' one rule
 *   (src/domain/client-pages/pricing.ts `markUpMinor`, exact in minor units); never the trade
 *   price, ppc or RAP.
 * - Media and certificate addresses are made absolute against SITE_URL.
 * - Hold and reservation state (`stateOf`): `available` for every key (in stock, and nobody
 *   holds it or keeps it in a request: it can be held or requested now). Trade and test keys
 *   also get `on_hold`, `held_by_you` and `hold_expires_at` for the caller's own holds;
 *   `reserved` when a single stone is kept by an open request (sent, in review, confirmed:
 *   nobody else can hold or request it), and `reserved_for_you` when that request is the
 *   caller's. Never who else holds or reserved it. A retail key is public by design (it sits in
 *   a jeweller's web page): it gets `available` only, never whether a stone is held or
 *   reserved, by whom or until when.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamondCertificates, diamondMedia, type Diamond } from '../../../db/tables.ts';
import { DEFAULT_FORMAT, DEFAULT_FRAMES } from '../../../src/domain/player360.ts';
import { displayPrice, type FxRate } from '../../../src/domain/money.ts';
import { markUpMinor } from '../../../src/domain/client-pages/pricing.ts';
import type { CURRENCIES } from '../../../db/schema.ts';
import { AVAILABILITIES, GRADED, type LinkStone } from '../../link/schemas.ts';
import { isParcel } from '../../../src/domain/diamond.ts';
import { pricedStone } from '../catalogue/priced-stone.ts';
import { holdsOfStones } from '../trade/hold-views.ts';
import { claimsOn } from '../trade/request-claims.ts';

export type Scope = 'trade' | 'retail';
export type Currency = (typeof CURRENCIES)[number];
/** Who is asking and in which currency. */
export type PriceView = { scope: Scope; markupPct: number; currency: Currency; rates: readonly FxRate[] };

type MediaRow = typeof diamondMedia.$inferSelect;
export type StoneExtras = { media: MediaRow[]; certificates: string[] };

const lab = (s: string) => (s.trim() === '' ? null : s);

/** The price in the view's currency and scope, or null when the stone has none. */
export function linkPrice(d: Diamond, view: PriceView): LinkStone['price'] {
  const trade = displayPrice(pricedStone(d), view.currency, view.rates);
  if (trade == null) return null;
  const perCarat = isParcel(d.catType);
  let amount = trade.amount;
  if (view.scope === 'retail') amount = markUpMinor(Math.round(amount * 100), view.markupPct, perCarat ? 1 : 100) / 100;
  return { amount: amount.toFixed(2), currency: view.currency, unit: perCarat ? 'carat' : 'stone' };
}

export const availabilityOf = (n: number) => AVAILABILITIES[n === 2 ? 1 : n === 3 ? 2 : 0];

const absolute = (src: string, siteUrl: string) => {
  try {
    return new URL(src, siteUrl).href;
  } catch {
    return src;
  }
};

function mediaOf(rows: MediaRow[], siteUrl: string): LinkStone['media'] {
  const spin = rows.find((m) => m.type === '360');
  let spin360: LinkStone['media']['spin_360'] = null;
  if (spin) {
    const base = absolute(spin.src.endsWith('/') ? spin.src : `${spin.src}/`, siteUrl);
    const format = spin.format?.trim() || DEFAULT_FORMAT;
    spin360 = {
      frame_count: spin.framesCount && spin.framesCount > 0 ? spin.framesCount : DEFAULT_FRAMES,
      format,
      frame_url_template: `${base}frame-{frame}.${format}`,
      first_frame_url: `${base}frame-000.${format}`,
    };
  }
  return {
    images: rows.filter((m) => m.type === 'image').map((m) => absolute(m.src, siteUrl)),
    videos: rows.filter((m) => m.type === 'video').map((m) => absolute(m.src, siteUrl)),
    spin_360: spin360,
  };
}

const GRADE_COLUMNS = {
  colour: ['colourFrom', 'colourTo'],
  clarity: ['clarityFrom', 'clarityTo'],
  cut: ['cutFrom', 'cutTo'],
  polish: ['polishFrom', 'polishTo'],
  symmetry: ['symmetryFrom', 'symmetryTo'],
  fluorescence: ['fluorescenceFrom', 'fluorescenceTo'],
} as const;

/** One stone as API Link sends it. */
export function toLinkStone(d: Diamond, extras: StoneExtras, view: PriceView, siteUrl: string): LinkStone {
  const base = {
    stock_code: d.stockCode,
    origin: /lab/i.test(d.source) ? ('lab_grown' as const) : ('natural' as const),
    shape: d.shape,
    carat: d.weight,
    lab: lab(d.certLab),
    certificate_number: lab(d.certNumber),
    certificate_url: extras.certificates[0] ? absolute(extras.certificates[0], siteUrl) : null,
    measurements:
      d.mes1 == null && d.mes2 == null && d.mes3 == null
        ? null
        : { length_mm: d.mes1, width_mm: d.mes2, depth_mm: d.mes3 },
    depth_pct: d.depthTotal,
    table_pct: d.tablePct,
    crown_pct: d.depthCrown,
    pavilion_pct: d.depthPavilion,
    girdle_pct: d.depthGirdle,
    culet: d.culet,
    description: d.description,
    comments: d.comments,
    media: mediaOf(extras.media, siteUrl),
    price: linkPrice(d, view),
    ...(view.scope === 'trade' ? { rap_pct: d.rap } : {}),
    availability: availabilityOf(d.availability),
    ...stateOf(undefined, view.scope, d.inStock),
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
  if (!isParcel(d.catType)) {
    const grades = Object.fromEntries(GRADED.map((g) => [g, d[GRADE_COLUMNS[g][0]]])) as Record<
      (typeof GRADED)[number],
      string | null
    >;
    return { category: 'stone', ...base, ...grades };
  }
  const ranges = Object.fromEntries(
    GRADED.flatMap((g) => {
      const [from, to] = GRADE_COLUMNS[g];
      return [
        [`${g}_from`, d[from]],
        [`${g}_to`, d[to] ?? d[from]],
      ];
    }),
  ) as Record<`${(typeof GRADED)[number]}_${'from' | 'to'}`, string | null>;
  return {
    category: 'parcel',
    ...base,
    ...ranges,
    size_from: d.sizeFrom,
    size_to: d.sizeTo ?? d.sizeFrom,
    sieve: d.sieve,
    category_name: d.catName,
  };
}

/** Media and certificates of many stones in two queries (batched under parameter limits). */
export async function loadExtras(db: Db, ids: readonly number[]): Promise<Map<number, StoneExtras>> {
  const out = new Map<number, StoneExtras>(ids.map((id) => [id, { media: [], certificates: [] }]));
  const BATCH = 900;
  for (let i = 0; i < ids.length; i += BATCH) {
    const part = ids.slice(i, i + BATCH);
    const media = await db
      .select()
      .from(diamondMedia)
      .where(inArray(diamondMedia.diamondId, part))
      .orderBy(asc(diamondMedia.diamondId), asc(diamondMedia.position), asc(diamondMedia.id));
    for (const m of media) out.get(m.diamondId)?.media.push(m);
    const certs = await db
      .select({ diamondId: diamondCertificates.diamondId, src: diamondCertificates.src })
      .from(diamondCertificates)
      .where(inArray(diamondCertificates.diamondId, part))
      .orderBy(asc(diamondCertificates.id));
    for (const c of certs) out.get(c.diamondId)?.certificates.push(c.src);
  }
  return out;
}

/** Who is asking, for the hold fields: their account and the time. */
export type Holder = { userId: number; now: number };

/** Rows -> API stones, with their media, hold and reservation state (`holder`'s own marked). */
export async function toLinkStones(
  db: Db,
  rows: Diamond[],
  view: PriceView,
  siteUrl: string,
  holder?: Holder,
): Promise<LinkStone[]> {
  const ids = rows.map((r) => r.id);
  const extras = await loadExtras(db, ids);
  const kept = await keptFieldsOf(db, ids, holder);
  return rows.map((r) => ({
    ...toLinkStone(r, extras.get(r.id) ?? { media: [], certificates: [] }, view, siteUrl),
    ...stateOf(kept.get(r.id), view.scope, r.inStock),
  }));
}

export const NOT_KEPT = {
  on_hold: false,
  held_by_you: false,
  hold_expires_at: null as string | null,
  reserved: false,
  reserved_for_you: false,
};
export type KeptFields = typeof NOT_KEPT;

/**
 * A stone's state as a key of `scope` sees it: `available` (in stock, neither held nor kept
 * by a request), and for trade (and test) keys the hold and reservation fields. A retail key
 * gets `available` alone: whether a visitor may buy it, never whose it is or until when.
 */
export function stateOf(
  kept: KeptFields | undefined,
  scope: Scope,
  inStock = true,
): { available: boolean } | ({ available: boolean } & KeptFields) {
  const k = kept ?? NOT_KEPT;
  const available = inStock && !k.on_hold && !k.reserved;
  return scope === 'retail' ? { available } : { available, ...k };
}

/** The hold and reservation fields of the stones held or reserved now (absent: neither). */
export async function keptFieldsOf(db: Db, ids: readonly number[], holder?: Holder) {
  const out = new Map<number, KeptFields>();
  const now = holder?.now ?? Date.now();
  const of = (id: number) => out.get(id) ?? { ...NOT_KEPT };
  for (let i = 0; i < ids.length; i += 900) {
    const part = ids.slice(i, i + 900);
    for (const h of await holdsOfStones(db, part, now)) {
      const mine = h.userId === holder?.userId;
      out.set(h.diamondId, {
        ...of(h.diamondId),
        on_hold: true,
        held_by_you: mine,
        hold_expires_at: mine ? h.expiresAt.toISOString() : null,
      });
    }
    for (const c of await claimsOn(db, part)) {
      out.set(c.diamondId, { ...of(c.diamondId), reserved: true, reserved_for_you: c.userId === holder?.userId });
    }
  }
  return out;
}
