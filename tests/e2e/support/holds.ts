/**
 * What the holds browser tests share: the second demo trader, a signed-in page of its own per
 * account and size, the axe check of a page shown whole, and single stones nobody holds,
 * requests or has in a bag (read from the run's database, from the end of the stock, away from
 * the first stones the other specs take).
 */
import { expect, type Browser, type Page } from '@playwright/test';
import { signInAs } from '../bag-support.ts';
import { axeViolations } from './axe-scan.ts';
import { noCookieNotice } from './screens.ts';
import { withDb } from './shared-state.ts';
import { islandsStarted } from './test.ts';

export const JEWELLER = { email: 'jeweller@facet.trade', password: 'Jeweller#2026' };

/**
 * axe's WCAG 2.2 AA scan of the whole page once everything in it has shown: scrolled to the
 * bottom until the islands that wait to be seen have started, then back to the top (a row
 * scrolled half under the fixed header would read as a small target).
 */
export async function axeClean(page: Page, where: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await islandsStarted(page);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  const found = await axeViolations(page);
  expect(found, where).toEqual([]);
}

/** A signed-in page of its own (cookies apart from the other trader's) at the given size. */
export async function signedIn(
  browser: Browser,
  size: object,
  account: { email: string; password: string },
  base: string,
): Promise<Page> {
  const context = await browser.newContext({ ...size, baseURL: base });
  await noCookieNotice(context, base);
  const page = await context.newPage();
  await signInAs(page, account.email, account.password);
  return page;
}

export type FreeStone = { _id: number; StkCodeCalcNS: string; StkCatType: string };

/** `count` priced natural single stones in stock that are free of holds, requests and bags, skipping `skip`. */
export function freeSingles(count: number, skip: number): FreeStone[] {
  const rows = withDb(
    (db) =>
      db
        .prepare(
          `SELECT id, stock_code AS code FROM diamonds d
          WHERE d.cat_type = 'Single Item' AND d.source = '' AND d.in_stock = 1 AND d.price_cents > 0 AND d.web_special_cents = 0
            AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.diamond_id = d.id AND h.ended_at IS NULL AND h.expires_at > ?)
            AND NOT EXISTS (SELECT 1 FROM request_lines r WHERE r.reserved_diamond_id = d.id)
            AND NOT EXISTS (SELECT 1 FROM bag_items b WHERE b.diamond_id = d.id)
          ORDER BY d.id DESC LIMIT ? OFFSET ?`,
        )
        .all(Date.now(), count, skip) as { id: number; code: string }[],
  );
  expect(rows, 'free single stones').toHaveLength(count);
  return rows.map((r) => ({ _id: r.id, StkCodeCalcNS: r.code, StkCatType: 'Single Item' }));
}
