/**
 * A pasted list keeps its place in the address, at 1440 px and on an iPhone 13: the demo
 * trader pastes two stock codes, a certificate number and an unknown code; the answer's address
 * carries the list, so a reload shows the same answer, and another trader who opens that
 * address sees it too; "Back to the stock list" takes the list out of the address, and a reload
 * then shows the stock list. The answer passes axe, scrolled to the bottom.
 */
import type { Page } from '@playwright/test';
import { TRADER } from './support/accounts.ts';
import { catalogueDocs } from './support/catalogue.ts';
import { axeClean, JEWELLER } from './support/holds.ts';
import { BOTH_SIZES, noCookieNotice } from './support/screens.ts';
import { clickOpens } from './support/overlays.ts';
import { expect, test } from './support/test.ts';
import { signInAs } from './bag-support.ts';

type Doc = { _id: number; StkCodeCalcNS: string; StkCertNo?: string; StkCatType: string };

const answerOf = (page: Page) => page.getByRole('region', { name: 'Pasted list' });

async function expectAnswer(page: Page, unknown: string): Promise<void> {
  const answer = answerOf(page);
  await expect(answer.getByText('4 looked up: 3 found, 0 gone, 1 unknown')).toBeVisible({ timeout: 20_000 });
  await expect(
    answer.getByRole('table', { name: 'Found stones of the pasted list, 3' }).locator('tbody > tr'),
  ).toHaveCount(3);
  await expect(answer.getByRole('listitem')).toHaveText([unknown]);
}

BOTH_SIZES.forEach(([name, size], n) => {
  test(`a pasted list stays in the address: reload and a shared address show it again (${name})`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({ ...size, baseURL });
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    await signInAs(page, TRADER.email, TRADER.password);

    const docs = (await catalogueDocs<Doc>(page)).filter((d) => d.StkCatType === 'Single Item' && d.StkCertNo);
    const certCount = new Map<string, number>();
    for (const d of docs) certCount.set(d.StkCertNo!, (certCount.get(d.StkCertNo!) ?? 0) + 1);
    const [a, b, c] = docs.filter((d) => certCount.get(d.StkCertNo!) === 1).slice(60 + n * 3);
    const unknown = `NOPE-ADDRESS-${name}`;
    const codes = [a!.StkCodeCalcNS, c!.StkCertNo!, unknown, b!.StkCodeCalcNS];

    await page.goto('/diamonds/all');
    const dialog = await clickOpens(
      page,
      page.getByRole('button', { name: 'Paste a list' }),
      page.getByRole('dialog', { name: 'Paste a list' }),
    );
    await dialog.getByRole('textbox', { name: 'Codes and certificate numbers' }).fill(codes.join('\n'));
    await dialog.getByRole('button', { name: 'Look up' }).click();
    await expectAnswer(page, unknown);
    await expect(answerOf(page).getByText(/address keeps the list/)).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get('codes') === codes.join(' '));
    const shared = page.url();

    await page.reload();
    await expectAnswer(page, unknown);
    expect(page.url()).toBe(shared);
    await axeClean(page, `pasted list from the address (${name})`);

    // another trader opens the same address
    const other = await browser.newContext({ ...size, baseURL });
    await noCookieNotice(other, baseURL);
    const colleague = await other.newPage();
    await signInAs(colleague, JEWELLER.email, JEWELLER.password);
    await colleague.goto(shared);
    await expectAnswer(colleague, unknown);
    await other.close();

    await answerOf(page).getByRole('button', { name: 'Back to the stock list' }).click();
    await expect(answerOf(page)).toHaveCount(0);
    await expect(page).toHaveURL((url) => !url.searchParams.has('codes'));
    await page.reload();
    await expect(page.getByRole('button', { name: 'Paste a list' })).toBeVisible();
    await expect(answerOf(page)).toHaveCount(0);
    await context.close();
  });
});
