/**
 * The bag flow's snackbars (a warning titled Sending, a success titled Success), each closing
 * itself after 10 s. One at a time: the rest wait in line and each one's
 * 10 s start when it shows. The bag page closes its Sending warning once the request is
 * answered, so the Success follows it.
 */
import { atom } from 'nanostores';

export const BAG_SNACKBAR_MS = 10_000;
export type Severity = 'success' | 'warning' | 'error' | 'info';
export type Snack = { id: number; severity: Severity; title: string; text: string; ms: number };

/** The line: the first one shows. */
export const $snacks = atom<Snack[]>([]);
let next = 0;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Starts the clock of the snack that shows now. */
function timeHead(): void {
  const head = $snacks.get()[0];
  if (head && !timers.has(head.id))
    timers.set(
      head.id,
      setTimeout(() => dismissSnack(head.id), head.ms),
    );
}

export function dismissSnack(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  $snacks.set($snacks.get().filter((s) => s.id !== id));
  timeHead();
}

export function showSnack(severity: Severity, title: string, text: string, ms = BAG_SNACKBAR_MS): number {
  const id = ++next;
  $snacks.set([...$snacks.get(), { id, severity, title, text, ms }]);
  timeHead();
  return id;
}

export const SENDING = { title: 'Sending', text: 'Don’t close your navigator or an error could occur' } as const;
export const SENT = { title: 'Success', text: 'Your Request has been sent successfully.' } as const;
export const NOT_SENT_TITLE = 'Your request was not sent';
/** The Sending warning stays until the answer comes (the page closes it then), however long that takes. */
export const SENDING_MS = 120_000;
