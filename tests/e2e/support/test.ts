/**
 * The `test` every browser spec uses: Playwright's, with `page.goto` waiting until the
 * page's eager islands (client:load, client:idle, client:only) have hydrated, so a click is
 * never lost on server-rendered markup whose handlers are not attached yet (this happens on a
 * loaded machine, e.g. while the server regenerates the site in the background).
 */
import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/** Resolves once no eager Astro island is waiting to hydrate. */
export async function islandsReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]:not([client="visible"])'), null, {
    timeout: 20_000,
  });
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await islandsReady(page);
      return response;
    };
    await use(page);
  },
});
