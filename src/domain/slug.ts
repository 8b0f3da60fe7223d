/** The longest slug: a post's address keeps at most this many characters of it. */
export const SLUG_MAX = 120;

/**
 * The address form of a title: accents dropped, lower case, every run of other characters one
 * hyphen, none at either end, at most SLUG_MAX characters ('Lab-grown prices, 2026!' ->
 * 'lab-grown-prices-2026'). News links, built post pages and stored post addresses all use it.
 */
export const slugOf = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
