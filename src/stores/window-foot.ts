/**
 * What fixed parts of the page take along the foot of the window (the cookie notice's bar, the
 * Message us button above it), so that what the browser scrolls into view (a focused field, a
 * limit brought into sight) stops above them and not under them: the page's
 * `scroll-padding-bottom`, the sum of every part that shows. Set on <html> as a plain property,
 * which restyles no other element (a custom property there would restyle every element of the
 * page: stores/cookie-room.ts). This module is its one writer.
 */
const parts = new Map<string, string>();

/** Keeps `length` (a CSS length) of the window's foot clear for `part`, or no longer with null. */
export function keepFootClear(part: string, length: string | null): void {
  if (length === null) parts.delete(part);
  else parts.set(part, length);
  const style = document.documentElement.style;
  if (parts.size === 0) style.removeProperty('scroll-padding-bottom');
  else style.setProperty('scroll-padding-bottom', `calc(${[...parts.values()].join(' + ')})`);
}
