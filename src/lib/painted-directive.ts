/**
 * `client:painted`: an island that hydrates once the page's first contentful paint is on screen
 * (`window.__afterFirstPaint`, defined at the top of every page by layouts/BaseLayout.astro). Its
 * scripts are not fetched, parsed or run while the browser draws the first screen, so that
 * screen (the list's server-drawn rows, the page's text) arrives as a static page's does; the
 * island then takes over what the server drew. Without the page's helper it hydrates at once.
 */
import type { ClientDirective } from 'astro';
import { afterFirstPaint } from './after-first-paint.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    'client:painted'?: boolean;
  }
}

const painted: ClientDirective = (load) => {
  afterFirstPaint(() => {
    void load().then((hydrate) => hydrate());
  });
};

export default painted;
