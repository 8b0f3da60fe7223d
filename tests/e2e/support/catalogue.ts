/** The full catalogue set as the page's cookies see it, decoded from its wire format into docs. */
import type { APIResponse, Page } from '@playwright/test';
import { decodeCatalogue } from '../../../src/domain/catalogue/wire-decode.ts';

export const docsOf = async <T>(res: APIResponse | { json(): Promise<unknown> }): Promise<T[]> =>
  decodeCatalogue(await res.json()) as unknown as T[];

export const catalogueDocs = async <T>(page: Page): Promise<T[]> =>
  docsOf<T>(await page.request.get('/api/v1/diamonds/catalogue'));
