/**
 * The room the cookie notice takes along the bottom edge while it shows (px; 0 when it does
 * not). What must clear it reads it here (the Message us button and panel, the catalogue's
 * filter panel: islands/ui/useCookieRoom.ts) or is given it by the notice as `--cookie-h` on
 * itself (`[data-cookie-room]`: the header's phone menu, the home hero),
 * never on <html>: a custom property set there restyles every element of the page, a task of
 * 180-270 ms on a stock list of 100 rows. What the browser scrolls into view stops above the
 * bar (stores/window-foot.ts).
 */
import { atom } from 'nanostores';
import { keepFootClear } from './window-foot.ts';

export const $cookieRoom = atom(0);

/** Gives the room to the elements that clear it. */
export function publishCookieRoom(px: number): void {
  $cookieRoom.set(px);
  keepFootClear('cookie notice', px > 0 ? `${px}px` : null);
  for (const el of document.querySelectorAll<HTMLElement>('[data-cookie-room]')) {
    if (px > 0) el.style.setProperty('--cookie-h', `${px}px`);
    else el.style.removeProperty('--cookie-h');
  }
}
