/**
 * What a client page shows, shared by the server (which builds it), the page and its PDF.
 * A client reads the trader's name and logo, the title and, per stone, its images, grades,
 * certificate and the client price (pricing.ts), never a trade figure. A stone sold or
 * removed since the page was made shows as no longer available, without a price.
 */
import { formatPrice } from '../money.ts';
import type { ClientPrice } from './pricing.ts';

export type ClientStone = {
  available: boolean;
  kind: 'stone' | 'parcel';
  shape: string;
  carat: number;
  colour: string;
  clarity: string;
  cut: string;
  polish: string;
  symmetry: string;
  fluorescence: string;
  lab: string;
  /**
   * only when the trader shows stock codes: the public catalogue pairs each certificate number
   * with its stock code, so a hidden code hides the number too
   */
  certificateNumber?: string;
  measurements: string;
  images: string[];
  /** the certificate PDF through the page's own address; null when none (or not available) */
  certificateUrl: string | null;
  /** only when the trader shows stock codes */
  stockCode?: string;
  price: ClientPrice | null;
};

/** GET /api/v1/client-pages/public/{token} */
export type PublicClientPage = {
  title: string;
  companyName: string;
  logoUrl: string | null;
  currency: string;
  stones: ClientStone[];
};

/** A page in the trader's list (GET /api/v1/client-pages). */
export type ClientPageView = {
  id: number;
  title: string;
  companyName: string;
  logoUrl: string | null;
  markupPct: number;
  currency: string;
  hideStockCode: boolean;
  stoneCount: number;
  views: number;
  url: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  /** live, expired or revoked, at the time of the answer */
  state: 'live' | 'expired' | 'revoked';
};

export const NO_LONGER_AVAILABLE = 'No longer available';
export const PRICE_ON_REQUEST = 'Price on request';

/** The price as the page and the PDF print it: '£1,388.00', '£96.40 per ct'. */
export function clientPriceText(stone: ClientStone): string {
  if (!stone.available) return NO_LONGER_AVAILABLE;
  if (!stone.price) return PRICE_ON_REQUEST;
  const text = formatPrice(stone.price.amount, stone.price.currency);
  return stone.price.unit === 'carat' ? `${text} per ct` : text;
}

/** The stone's name line: '1.02ct Round'. */
export const stoneHeading = (s: ClientStone): string => `${s.carat.toFixed(2)}ct ${s.shape}`;

/** The grade rows, in the order the page and the PDF list them (blank grades left out). */
export function gradeRows(s: ClientStone): [string, string][] {
  const rows: [string, string][] = [
    ['Colour', s.colour],
    ['Clarity', s.clarity],
    ['Cut', s.cut],
    ['Polish', s.polish],
    ['Symmetry', s.symmetry],
    ['Fluorescence', s.fluorescence],
    ['Lab', s.lab],
    ['Certificate', s.certificateNumber ?? ''],
    ['Measurements', s.measurements === '-' ? '' : `${s.measurements} mm`],
    ['Stock code', s.stockCode ?? ''],
  ];
  return rows.filter(([, value]) => Boolean(value) && value !== '-');
}
