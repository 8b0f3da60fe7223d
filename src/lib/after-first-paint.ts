/**
 * Runs `then` once the page's first contentful paint is on screen: the page's own helper
 * (`window.__afterFirstPaint`, defined at the top of every page by layouts/BaseLayout.astro),
 * or at once on a page without it.
 */
declare global {
  interface Window {
    __afterFirstPaint?: (then: () => void) => void;
  }
}

export function afterFirstPaint(then: () => void): void {
  (window.__afterFirstPaint ?? ((now: () => void) => now()))(then);
}
