/**
 * A sent bag request as both sides see it: its statuses (the admin moves it through them) and
 * one line of its priced snapshot, frozen when it was sent. db/schema.ts stores these; the
 * admin and account screens show them.
 */

export const REQUEST_STATUSES = ['new', 'in_progress', 'completed', 'cancelled'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** One line of a request's priced snapshot, frozen when the request was sent. */
export type RequestLine = {
  diamondId: number;
  stockCode: string;
  type: 'single' | 'parcel';
  description: string;
  selectedUnit: 'weight' | 'items';
  quantity: number;
  acceptsAlternatives: boolean;
  /** in the request's currency, minor units; null = N/A (parcel priced by items) */
  ppcCents: number | null;
  itemPriceCents: number | null;
};
