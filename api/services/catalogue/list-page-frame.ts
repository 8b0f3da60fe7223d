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

function badge(html: string, key: string, n: number): string {
  if (n <= 0) return html;
  const at = new RegExp(`(<span class="cnav__count" data-count="${key}") hidden([^>]*>)</span>`, 'g');
  return html.replace(at, (_, open: string, rest: string) => `${open}${rest}${fmt.format(n)}</span>`);
}

function accountEntry(html: string, person: NonNullable<Frame['person']>): string {
  const text = `${person.firstName.charAt(0)}${person.lastName.charAt(0)}`.toUpperCase();
  const label = escapeHtml(`My account: ${person.firstName} ${person.lastName}, ${text}`);
  return html
    .replace(
      /(<button [^>]*data-account-entry)([^>]*>)(?=\s*<svg)/,
      (_, a: string, b: string) => `${a} aria-label="${label}"${b}`,
    )
    .replace(/(<span data-account-label)([^>]*>)/, (_, a: string, b: string) => `${a} hidden${b}`)
    .replace(
      /(<span class="account__badge" data-account-badge) hidden([^>]*>)<\/span>/,
      (_, a: string, b: string) => `${a}${b}${escapeHtml(text)}</span>`,
    );
}

/** The page with the viewer's frame drawn in. */
export function drawFrame(html: string, frame: Frame): string {
  const counts = TABS_WITH_COUNTS.map((t) => `--cat-count-${t}:'${fmt.format(frame.counts[t])}'`).join(';');
  let out = html.replace(
    /<html\b([^>]*)>/,
    (_, attrs: string) => `<html${attrs} data-viewer="${frame.viewer}" style="${counts}">`,
  );
  const stock = frame.counts[0] + frame.counts[1] + frame.counts[2] + frame.counts[3];
  out = badge(out, 'all', stock);
  const { person } = frame;
  if (person)
    out = accountEntry(
      badge(badge(badge(out, 'bag', person.bag), 'fav', person.fav), 'compare', person.compare),
      person,
    );
  return out;
}
