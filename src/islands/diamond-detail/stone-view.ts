/**
 * What the stone screens (detail, 360, favourites, compare) share: the address of a stone
 * page, its display name, and prices in the chosen currency for signed-in users only.
 */
import { useStore } from '@nanostores/react';
import { isParcel, type DiamondDoc } from '../../domain/diamond.ts';
import { displayPrice, formatPrice, pricePerCarat, type Money } from '../../domain/money.ts';
import { $isAuthorised } from '../../stores/session.ts';
import { $site } from '../../stores/site.ts';
import { routes, STONE_PAGES, type StonePage } from '../../domain/routes.ts';

export const DETAIL_TABS = ['details', 'report', 'diagram'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];
export const TAB_LABELS: Record<DetailTab, string> = { details: 'Details', report: 'Report', diagram: 'Diagram' };

/** /diamonds/{id}[/page] -> id and page (null for the bare 360 view); null when not a stone address. */
export function parseStoneAddress(pathname: string): { id: number; page: StonePage | null } | null {
  const m = new RegExp(`^${routes.diamonds}/(\\d+)(?:/(${STONE_PAGES.join('|')}))?/?$`).exec(pathname);
  if (!m) return null;
  return { id: Number(m[1]), page: (m[2] as StonePage | undefined) ?? null };
}

export const shapeName = (shape: string) => shape.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

export function kindLabel(d: Pick<DiamondDoc, 'StkCatType' | 'Source' | 'StkCatName'>): string {
  if (isParcel(d.StkCatType)) return 'Parcel';
  return d.Source === 'Lab Grown' || d.StkCatName === 'Lab Grown Diamonds' ? 'Lab-grown diamond' : 'Natural diamond';
}

function safe(fn: () => Money | null): Money | null {
  try {
    return fn();
  } catch {
    return null; // no rate for the chosen currency yet
  }
}

export type Pricing = {
  authorised: boolean;
  ccy: string;
  /** formatted displayed price, or null (visitor, no price, no rates yet) */
  price(d: DiamondDoc): string | null;
  /** formatted price per carat, or null */
  perCarat(d: DiamondDoc): string | null;
  /** price per carat as a number in `ccy`, or null (what compare's "lowest" reads) */
  perCaratAmount(d: DiamondDoc): number | null;
};

export function usePricing(): Pricing {
  const authorised = useStore($isAuthorised);
  const site = useStore($site).data;
  const ccy = site?.ccy ?? 'USD';
  const rates = site?.fxrates ?? [];
  const fmt = (m: Money | null) => (m ? formatPrice(m.amount, m.ccy) : null);
  return {
    authorised,
    ccy,
    price: (d) => (authorised && rates.length ? fmt(safe(() => displayPrice(d, ccy, rates))) : null),
    perCarat: (d) => (authorised && rates.length ? fmt(safe(() => pricePerCarat(d, ccy, rates))) : null),
    perCaratAmount: (d) =>
      authorised && rates.length ? (safe(() => pricePerCarat(d, ccy, rates))?.amount ?? null) : null,
  };
}
