/**
 * Paste a list, at 1440 px and on an iPhone 13, as the demo trader: 40 stock codes and
 * certificate numbers, mixed and split every way, of which 3 are unknown, become one answer:
 * 37 found in the list's own table with the counts, the unknown ones copied to the clipboard,
 * every found stone added to the bag. Scrolled to the bottom the page passes axe and never
 * scrolls sideways; screenshots go to PASTE_SHOTS (default test-results/screenshots/paste-list).
 */
import { TRADER } from './support/accounts.ts';
import { catalogueDocs } from './support/catalogue.ts';
import { axeClean, freeSingles } from './support/holds.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, noCookieNotice, saveShot } from './support/screens.ts';
import { clickOpens } from './support/overlays.ts';
import { expect, test } from './support/test.ts';
import { signInAs } from './bag-support.ts';

const SHOTS = process.env.PASTE_SHOTS ?? 'test-results/screenshots/paste-list';
type Doc = { _id: number; StkCodeCalcNS: string; StkCertNo?: string };

BOTH_SIZES.forEach(([name, size], n) => {
  test(`a pasted list of 40 codes and certificates shows 37 found and 3 unknown (${name})`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    test.setTimeout(120_000);
    await keep.bag(TRADER);
    const context = await browser.newContext({ ...size, baseURL });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await noCookieNotice(context, baseURL);
    const page = await context.newPage();
    await signInAs(page, TRADER.email, TRADER.password);

    // 37 stones in stock nobody holds or has in a bag; every third by its certificate number
    const stones = freeSingles(37, 20 + n * 40);
    const docs = new Map((await catalogueDocs<Doc>(page)).map((d) => [d._id, d]));
    const certCount = new Map<string, number>();
    for (const d of docs.values()) if (d.StkCertNo) certCount.set(d.StkCertNo, (certCount.get(d.StkCertNo) ?? 0) + 1);
    const asked = stones.map((s, i) => {
      const cert = docs.get(s._id)?.StkCertNo;
      return i % 3 === 0 && cert && certCount.get(cert) === 1 ? cert : s.StkCodeCalcNS;
    });
    expect(asked.filter((c, i) => c !== stones[i]!.StkCodeCalcNS).length).toBeGreaterThan(5);
    const unknown = [`NOPE-${name}-1`, `NOPE-${name}-2`, '99999999999'];
    const codes = [
      ...asked.slice(0, 20),
      unknown[0]!,
      ...asked.slice(20, 30),
      unknown[1]!,
      ...asked.slice(30),
      unknown[2]!,
    ];
    const separators = ['\n', ', ', '\t', ' ', ';', '\r\n'];
    const text = codes.map((c, i) => `${c}${separators[i % separators.length]}`).join('');

    await page.goto('/diamonds/all');
    const dialog = await clickOpens(
      page,
      page.getByRole('button', { name: 'Paste a list' }),
      page.getByRole('dialog', { name: 'Paste a list' }),
    );
    await dialog.getByRole('textbox', { name: 'Codes and certificate numbers' }).fill(text);
    await expect(dialog.getByText('40 codes', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Look up' }).click();
    await expect(dialog).toBeHidden();

    const answer = page.getByRole('region', { name: 'Pasted list' });
    await expect(answer.getByText('40 looked up: 37 found, 0 gone, 3 unknown')).toBeVisible({ timeout: 20_000 });
    const found = answer.getByRole('table', { name: 'Found stones of the pasted list, 37' });
    await expect(found.locator('tbody > tr')).toHaveCount(37);
    for (const s of stones.slice(0, 3))
      await expect(found.getByRole('button', { name: `Open ${s.StkCodeCalcNS} details` })).toBeVisible();
    await expect(answer.getByRole('listitem')).toHaveText(unknown);

    await answer.getByRole('button', { name: 'Copy the unknown ones' }).click();
    await expect(answer.getByRole('status').filter({ hasText: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(unknown.join('\n'));

    await answer.getByRole('button', { name: 'Add all found to the bag' }).click();
    const drawer = page.getByRole('dialog', { name: 'Your Bag (37)' });
    await expect(drawer).toBeVisible({ timeout: 60_000 });
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(answer.getByText('Added 37 stones to the bag.')).toBeVisible();
    const bag = (await (await page.request.get('/api/v1/profile/bag')).json()) as { bag: { diamondId: number }[] };
    const inBag = new Set(bag.bag.map((l) => l.diamondId));
    expect(stones.filter((s) => !inBag.has(s._id))).toEqual([]);

    await axeClean(page, `pasted list (${name})`);
    await expectNoSidewaysScroll(page, `pasted list (${name})`);
    await saveShot(page, SHOTS, `paste-list-${name}`);
    await context.close();
  });
});
