/**
 * Saved searches, at 1440 px and on an iPhone 13: a trader filters the list, saves the search
 * (axe clean with the dialog open), finds it in the account with "1 of 25", opens it (the same
 * filters and the saved currency come back), renames it, turns its alerts off from the alert
 * e-mail's unsubscribe link (1440 px) and deletes it. Each size uses its own
 * demo trader, whose searches are cleared before and after. Screenshots go to SAVED_SEARCH_SHOTS
 * (default test-results/screenshots/saved-searches).
 */
import type { Page } from '@playwright/test';
import { loadConfig } from '../../api/config.ts';
import { unsubscribeUrl } from '../../api/services/saved-searches/unsubscribe-token.ts';
import { TRADER } from './support/accounts.ts';
import { axeClean, JEWELLER, signedIn } from './support/holds.ts';
import { BOTH_SIZES, expectNoSidewaysScroll, saveShot } from './support/screens.ts';

const SHOTS = process.env.SAVED_SEARCH_SHOTS ?? 'test-results/screenshots/saved-searches';
import { expect, islandsReady, test } from './support/test.ts';

async function clearSearches(page: Page) {
  const res = await page.request.get('/api/v1/saved-searches');
  const { searches } = (await res.json()) as { searches: { id: number }[] };
  for (const s of searches) await page.request.delete(`/api/v1/saved-searches/${s.id}`);
}

const ACCOUNTS = { '1440': TRADER, iphone13: JEWELLER } as const;

BOTH_SIZES.forEach(([name, size]) => {
  test(`save a search, see it in the account, open, rename and delete it (${name})`, async ({
    browser,
    baseURL,
    keep,
  }) => {
    test.setTimeout(180_000);
    const account = ACCOUNTS[name];
    await keep.profileSettings(account);
    const page = await signedIn(browser, size, account, baseURL!);
    await clearSearches(page);
    try {
      await page.goto('/diamonds/all');
      await islandsReady(page);
      const currency = page.getByRole('combobox', { name: 'Currency' });
      await expect(currency).toBeEnabled();
      await currency.selectOption('EUR');
      // filter the list: the panel is folded away on a phone
      const round = page.getByRole('button', { name: 'Round', exact: true });
      if (!(await round.isVisible())) await page.getByRole('button', { name: 'Filters (0)' }).click();
      await round.click();
      // a phone drafts the filters until View results
      const viewResults = page.getByRole('button', { name: 'View results' });
      if (await viewResults.isVisible()) await viewResults.click();
      await expect(page).toHaveURL(/shape=round/);
      const saved = new URL(page.url());
      const measurements = page.getByRole('columnheader', { name: /LTH \/ WTH \/ DTH/ });
      if (name === '1440') {
        // a column switched off is saved too
        await page.getByRole('tab', { name: 'More Filters' }).click();
        await page.getByRole('switch', { name: 'Measurements' }).uncheck();
        await expect(measurements).toHaveCount(0);
      }
      await expectNoSidewaysScroll(page, `list with Save search (${name})`);
      await saveShot(page, SHOTS, `list-${name}`, false);

      await page.getByRole('button', { name: 'Save search' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save this search' });
      await expect(dialog).toContainText('prices in EUR');
      await dialog.getByRole('button', { name: 'Save search' }).click();
      await expect(dialog.getByText('Give the search a name')).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Name' }).fill('Rounds for Mrs Patel');
      await dialog.getByRole('radio', { name: 'Daily digest' }).check();
      await expect(dialog.getByRole('combobox', { name: 'Digest at' })).toHaveValue('8');
      await expect(dialog.getByRole('combobox', { name: 'Time zone' })).not.toHaveValue('');
      await dialog.getByRole('spinbutton', { name: /price drops by at least/ }).fill('5');
      await axeClean(page, `save dialog (${name})`);
      await saveShot(page, SHOTS, `save-dialog-${name}`, false);
      await dialog.getByRole('button', { name: 'Save search' }).click();
      const done = page.getByRole('dialog', { name: 'Search saved' });
      await expect(done).toContainText('“Rounds for Mrs Patel” is in your account');
      await done.getByRole('link', { name: 'Saved searches' }).click();

      await expect(page).toHaveURL(/\/my-account\/saved-searches$/);
      const section = page.getByRole('region', { name: 'Your saved searches' });
      await expect(section.getByText('1 of 25')).toBeVisible();
      await expect(section.getByRole('heading', { name: 'Rounds for Mrs Patel' })).toBeVisible();
      await expect(section.getByText('Singles · 1 filter · EUR')).toBeVisible();
      await expect(section.getByText(/Daily digest at 08:00 .*, and price drops of 5% or more/)).toBeVisible();
      await axeClean(page, `saved searches (${name})`);
      await expectNoSidewaysScroll(page, `saved searches (${name})`);
      await saveShot(page, SHOTS, `account-${name}`);

      // a currency changed since: opening the search brings back its own
      await page.request.patch('/api/v1/profile/currency', { data: { ccy: 'USD' } });
      await section.getByRole('link', { name: 'Open Rounds for Mrs Patel' }).click();
      await expect(page).toHaveURL(`${saved.pathname}${saved.search}`);
      await islandsReady(page);
      await expect(page.getByRole('combobox', { name: 'Currency' })).toHaveValue('EUR');
      if (name === '1440') {
        await expect(page.getByRole('table').first()).toBeVisible();
        await expect(measurements).toHaveCount(0);
        await page.getByRole('tab', { name: 'Filters (1)' }).click();
      }
      if (!(await round.isVisible())) await page.getByRole('button', { name: 'Filters (1)' }).click();
      await expect(round).toHaveAttribute('aria-pressed', 'true');

      await page.goto('/my-account/saved-searches');
      await section.getByRole('button', { name: 'Edit Rounds for Mrs Patel' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit saved search' });
      await edit.getByRole('textbox', { name: 'Name' }).fill('Rounds, any size');
      await edit.getByRole('radio', { name: 'Instant (within 5 minutes)' }).check();
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(edit).toBeHidden();
      await expect(section.getByRole('heading', { name: 'Rounds, any size' })).toBeVisible();
      await expect(section.getByText('Instant alerts, and price drops of 5% or more')).toBeVisible();

      if (name === '1440') {
        // the alert e-mail's unsubscribe link, opened in the browser: its button turns them off
        const { searches } = (await (await page.request.get('/api/v1/saved-searches')).json()) as {
          searches: { id: number }[];
        };
        await page.goto(unsubscribeUrl(loadConfig(), searches[0]!.id).replace(/^https?:\/\/[^/]+/, ''));
        await expect(page.getByRole('heading', { name: 'Stop the alerts of "Rounds, any size"?' })).toBeVisible();
        await page.getByRole('button', { name: 'Turn the alerts off' }).click();
        await expect(page.getByRole('heading', { name: 'Alerts turned off for "Rounds, any size"' })).toBeVisible();
        await page.getByRole('link', { name: 'Your saved searches' }).click();
        await expect(section.getByText('Alerts off')).toBeVisible();
      }

      await section.getByRole('button', { name: 'Delete Rounds, any size' }).click();
      await page
        .getByRole('dialog', { name: 'Delete this saved search?' })
        .getByRole('button', { name: 'Delete' })
        .click();
      await expect(section.getByText('“Rounds, any size” deleted')).toBeVisible();
      await expect(section.getByText('0 of 25')).toBeVisible();
      await expect(section.getByText(/None yet/)).toBeVisible();
    } finally {
      await clearSearches(page);
      await page.context().close();
    }
  });
});
