/**
 * A press on the rows the page drew (the server's markup, or the early script's) after the
 * island is live but before its own table has taken their place (it has not yet, or the drawn
 * rows still stand for it, drawn-table.ts): the drawn controls have no
 * code behind them, so the press is kept, the control shows that it waits (`aria-busy`, as the
 * page's inline script marks a press made before an island has started), and the press is
 * replayed on the same control of the island's table once that table shows it. The two tables
 * have the same markup (table-markup.ts), so "the same control" is the one of the same kind
 * with the same name (a row's names carry its stock code). Links are left to the browser.
 */
import type { MouseEvent } from 'react';

const CONTROLS = 'button, input, select, [role="button"]';

type Kept = { at: number; tag: string; name: string };
const KEEP_MS = 10_000;
let kept: Kept | null = null;

/** A control's name as a person hears it: its label, or the label around it, or its text. */
const nameOf = (el: Element) =>
  (el.getAttribute('aria-label') ?? el.closest('label')?.textContent ?? el.textContent ?? '').trim();

/** The drawn place's click handler (capture phase): keeps a press on one of its controls (true when it did). */
export function keepDrawnPress(e: MouseEvent<HTMLElement>): boolean {
  const place = e.currentTarget;
  const target = e.target instanceof Element ? e.target : null;
  const hit = target?.closest(`label, ${CONTROLS}`);
  const control = hit instanceof HTMLLabelElement ? hit.control : hit;
  if (!control || !place.contains(control)) return false;
  if (!control.matches(CONTROLS)) return false;
  e.preventDefault();
  e.stopPropagation();
  control.setAttribute('aria-busy', 'true');
  control.setAttribute('data-waiting', '');
  kept = { at: performance.now(), tag: control.tagName, name: nameOf(control) };
  return true;
}

/**
 * Replays the kept press on the same control of the island's table: called after each of the
 * table's renders, it waits until that control is there (the first render may have no rows
 * yet), for at most KEEP_MS after the press.
 */
export function replayDrawnPress(place: Element | null): void {
  const press = kept;
  if (!press || !place) return;
  if (performance.now() - press.at > KEEP_MS) return void (kept = null);
  const control = [...place.querySelectorAll(CONTROLS)].find(
    (el) => el.tagName === press.tag && nameOf(el) === press.name,
  );
  if (!(control instanceof HTMLElement)) return;
  kept = null;
  control.click();
}
