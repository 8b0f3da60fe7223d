/** The list page in tests: the full catalogue set as the page's cookies see it, its index built, and the table's rows all drawn. */
import { expect, type APIResponse, type Page } from '@playwright/test';
import { decodeCatalogue } from '../../../src/domain/catalogue/wire-decode.ts';

export const docsOf = async <T>(res: APIResponse | { json(): Promise<unknown> }): Promise<T[]> =>
  decodeCatalogue(await res.json()) as unknown as T[];

export const catalogueDocs = async <T>(page: Page): Promise<T[]> =>
  docsOf<T>(await page.request.get('/api/v1/diamonds/catalogue'));

/** Waits until the list's table has drawn every row of its page (it is busy while it draws a new page a few rows a frame). */
export const rowsDrawn = (page: Page) => expect(page.locator('.cat-table[aria-busy]')).toHaveCount(0);

/** Waits until the page has built its index of the full set (the `catalogue:index-ready` mark). */
export const indexReady = (page: Page) =>
  page.waitForFunction(() => performance.getEntriesByName('catalogue:index-ready').length > 0);
