/**
 * The one "Request it" dialog of the page (a hold turned into a request), opened from any hold
 * control and drawn by the bag drawer island, which every page mounts: it must outlive the
 * control that opened it, since a sent request ends the hold and takes the stone out of the bag.
 *
 *   openHoldRequest({ diamondId, stockCode, onClosed? })   closeHoldRequest()
 */
import { atom } from 'nanostores';
import { refreshHolds } from './holds.ts';

export type HoldRequest = { diamondId: number; stockCode: string; onClosed?: () => void };

export const $holdRequest = atom<HoldRequest | null>(null);

export function openHoldRequest(request: HoldRequest): void {
  $holdRequest.set(request);
}

/** Closes the dialog and reads the holds again (the request may have ended one). */
export function closeHoldRequest(): void {
  const open = $holdRequest.get();
  $holdRequest.set(null);
  void refreshHolds();
  open?.onClosed?.();
}
