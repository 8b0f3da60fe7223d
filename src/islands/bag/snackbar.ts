/**
 * The bag flow's snackbars (spec section 8: a warning titled Sending, a success titled
 * Success), each closing itself after 10 s (section 9). Shown stacked, newest last, so the
 * success that follows the warning straight away is seen next to it.
 */
import { atom } from 'nanostores';

export const BAG_SNACKBAR_MS = 10_000;
export type Severity = 'success' | 'warning' | 'error' | 'info';
export type Snack = { id: number; severity: Severity; title: string; text: string };

export const $snacks = atom<Snack[]>([]);
let next = 0;

export function dismissSnack(id: number): void {
  $snacks.set($snacks.get().filter((s) => s.id !== id));
}

export function showSnack(severity: Severity, title: string, text: string, ms = BAG_SNACKBAR_MS): number {
  const id = ++next;
  $snacks.set([...$snacks.get(), { id, severity, title, text }]);
  setTimeout(() => dismissSnack(id), ms);
  return id;
}

export const SENDING = { title: 'Sending', text: 'Don’t close your navigator or an error could occur' } as const;
export const SENT = { title: 'Success', text: 'Your Request has been sent successfully.' } as const;
