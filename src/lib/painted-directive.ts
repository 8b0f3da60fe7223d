/**
 * `client:painted`: an island that hydrates once the page's first contentful paint is on screen
 * (`window.__afterFirstPaint`, defined at the top of every page by layouts/BaseLayout.astro). Its
 * scripts are not fetched, parsed or run while the browser draws the first screen, so that
 * screen (the list's server-drawn rows, the page's text) arrives as a static page's does; the
 * island then takes over what the server drew. Without the page's helper it hydrates at once.
 */
import type { ClientDirective } from 'astro';

declare global {
  interface Window {
    __afterFirstPaint?: (then: () => void) => void;
  }
}

declare module 'astro' {
  interface AstroClientDirectives {
    'client:painted'?: boolean;
  }
}

const painted: ClientDirective = (load) => {
  const afterFirstPaint = window.__afterFirstPaint ?? ((then: () => void) => then());
  afterFirstPaint(() => {
    void load().then((hydrate) => hydrate());
  });
};

export default painted;
