/**
 * A sent bag request as both sides see it: its status (a lifecycle state) and
 * one line of its priced snapshot, frozen when it was sent. db/schema.ts stores these; the
 * admin and account screens show them.
 */

import { REQUEST_STATES, type RequestState } from '../trade/request-lifecycle.ts';

/** A request's status is its lifecycle state (src/domain/trade/request-lifecycle.ts). */
export const REQUEST_STATUSES = REQUEST_STATES;
export type RequestStatus = RequestState;

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
