/**
 * Requests held back on purpose: a page looked at before its island has loaded, or before an
 * answer has arrived.
 */
import type { Page, Route } from '@playwright/test';

/** Holds every request matching `match` until `release()`. */
export async function hold(page: Page, match: (url: URL) => boolean) {
  const held: Route[] = [];
  let open = false;
  await page.route(match, (route) => (open ? route.continue() : void held.push(route)));
  return {
    release: async () => {
      open = true;
      for (const r of held.splice(0)) await r.continue();
    },
  };
}

/** Holds the catalogue island's script: the list page as it is before React has started. */
export const holdIsland = (page: Page) => hold(page, (u) => /\/_astro\/CatalogueIsland[^/]*\.js$/.test(u.pathname));
