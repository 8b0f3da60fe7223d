/**
 * The end of the home hero. Its content is centred in a screen-high grid, so a frame painted
 * while the browser had parsed only part of it would move it as the rest came (a layout shift
 * on a slow machine). The home page asks the browser not to render before this marker, just
 * after the hero, is in the document (an `expect` link that blocks rendering).
 */
export const HERO_END_ID = 'hero-end';
