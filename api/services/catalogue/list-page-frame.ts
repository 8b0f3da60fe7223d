/**
 * The list page's frame drawn for the viewer at request time, so nothing around the rows moves
 * as the island takes over (a layout shift of 0):
 *
 * - `<html data-viewer="trade|visitor">`: the CSS shows the visitor's note above the list, or
 *   keeps the place of a trader's own toolbar buttons, before the island knows who is looking
 *   (catalogue/panel.css, toolbar.css);
 * - the tabs' stock counts as CSS properties on `<html>` (`--cat-count-0` ...), which the tabs
 *   show until the island draws its own (panel.css);
 * - the catalogue navigation's badges: the stones in stock, and a trader's favourites, compare
 *   list and bag (the badges CatalogueNav leaves hidden and useNavCounts fills; a visitor's
 *   lists are in their browser, and CatalogueNav's own script draws them);
 * - a signed-in person's initials in the header's account entry, as the page's hooks draw them
 *   (islands/dialogs/page-hooks.ts).
 *
 * A visitor's frame holds nothing of anyone's account: it is cached publicly like the rows.
 */
import type { MainTab } from '../../../src/domain/catalogue/index.ts';

export type Frame = {
  viewer: 'trade' | 'visitor';
  counts: Record<MainTab, number>;
  /** a signed-in person's name and bag (null for a visitor) */
  person: { firstName: string; lastName: string; bag: number; fav: number; compare: number } | null;
};

const fmt = new Intl.NumberFormat('en-GB');
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const TABS_WITH_COUNTS: MainTab[] = [0, 1, 2];

type Slot = { start: number; end: number; draw: (frame: Frame) => string };

/**
 * The matches of `re` in `html` (every one for a global `re`, else the first) as slots drawn by
 * `draw` (given the match's groups and text).
 */
function slots(html: string, re: RegExp, draw: (frame: Frame, groups: string[], was: string) => string): Slot[] {
  const matches = re.global ? [...html.matchAll(re)] : [re.exec(html)].filter((m) => m !== null);
  return matches.map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
    draw: (frame) => draw(frame, m.slice(1), m[0]),
  }));
}

/** A catalogue navigation badge: its count when there is one, else as built (hidden). */
const badge = (key: string, count: (frame: Frame) => number) =>
  [
    new RegExp(`(<span class="cnav__count" data-count="${key}") hidden([^>]*>)</span>`, 'g'),
    (frame: Frame, [open, rest]: string[], was: string) => {
      const n = count(frame);
      return n > 0 ? `${open}${rest}${fmt.format(n)}</span>` : was;
    },
  ] as const;

const initials = (p: NonNullable<Frame['person']>) => `${p.firstName.charAt(0)}${p.lastName.charAt(0)}`.toUpperCase();

/** A signed-in person's part of the header's account entry (as built for no one). */
const person =
  (draw: (p: NonNullable<Frame['person']>, groups: string[]) => string) =>
  (frame: Frame, groups: string[], was: string) => (frame.person ? draw(frame.person, groups) : was);

/** Where the frame goes in the built page, and what goes there. */
const PLACES = [
  [
    /<html\b([^>]*)>/,
    (frame: Frame, [attrs]: string[]) => {
      const counts = TABS_WITH_COUNTS.map((t) => `--cat-count-${t}:'${fmt.format(frame.counts[t])}'`).join(';');
      return `<html${attrs} data-viewer="${frame.viewer}" style="${counts}">`;
    },
  ],
  badge('all', ({ counts }) => counts[0] + counts[1] + counts[2] + counts[3]),
  badge('bag', (frame) => frame.person?.bag ?? 0),
  badge('fav', (frame) => frame.person?.fav ?? 0),
  badge('compare', (frame) => frame.person?.compare ?? 0),
  [
    /(<button [^>]*data-account-entry)([^>]*>)(?=\s*<svg)/,
    person((p, [a, b]) => {
      const label = escapeHtml(`My account: ${p.firstName} ${p.lastName}, ${initials(p)}`);
      return `${a} aria-label="${label}"${b}`;
    }),
  ],
  [/(<span data-account-label)([^>]*>)/, person((_, [a, b]) => `${a} hidden${b}`)],
  [
    /(<span class="account__badge" data-account-badge) hidden([^>]*>)<\/span>/,
    person((p, [a, b]) => `${a}${b}${escapeHtml(initials(p))}</span>`),
  ],
] as const;

/**
 * The built page as a frame to draw for each viewer: its places are found once, and the page's
 * text between them is encoded once (a page is some 200 kB, and a trader's is drawn for every
 * visit); each viewer's page is those bytes with the viewer's own between them.
 */
export function pageFrame(html: string): (frame: Frame) => Uint8Array<ArrayBuffer> {
  const found = PLACES.flatMap(([re, draw]) => slots(html, re, draw)).sort((a, b) => a.start - b.start);
  const between = [...found, { start: html.length, end: html.length }].map((slot, i) =>
    Buffer.from(html.slice(i === 0 ? 0 : found[i - 1]!.end, slot.start)),
  );
  return (frame) =>
    Buffer.concat(
      between.flatMap((text, i) => (i < found.length ? [text, Buffer.from(found[i]!.draw(frame))] : [text])),
    );
}
