/**
 * What fixed parts of the page take along the foot of the window (the cookie notice's bar, the
 * Message us button above it), so that what the browser scrolls into view (a focused field, a
 * limit brought into sight) stops above them and not under them: the page's
 * `scroll-padding-bottom`, the sum of every part that shows. Set on <html> as a plain property
 * (a custom property there would restyle every element of the page on every change:
 * stores/cookie-room.ts). This module is its one writer.
 *
 * Writing it as Message us appeared restyled every element of the stock list in Chromium (40-50
 * ms, in traces of the list loading), so the page's CSS keeps the part it draws from its first
 * paint: `<html data-foot-clear="message us">` (layouts/BaseLayout.astro, on the pages that draw
 * the button) has the Message us corner in message-us.css. The property is written only while a
 * part the CSS does not give shows (the cookie notice); the drawn part is then written in the sum
 * too. The corner stays clear where the button does not show (a staff member's pages).
 */
const parts = new Map<string, string>();

/** Keeps `length` (a CSS length) of the window's foot clear for `part`, or no longer with null. */
export function keepFootClear(part: string, length: string | null): void {
  if (length === null) parts.delete(part);
  else parts.set(part, length);
  const html = document.documentElement;
  const drawn = html.getAttribute('data-foot-clear');
  if ([...parts.keys()].every((p) => p === drawn)) html.style.removeProperty('scroll-padding-bottom');
  else html.style.setProperty('scroll-padding-bottom', `calc(${[...parts.values()].join(' + ')})`);
}
