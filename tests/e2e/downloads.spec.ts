/**
 * Downloads from the catalogue: the DOWNLOAD
 * button of the list toolbar toggles the 270 px drawer; the button there enables only with a
 * type and a format chosen and reads 'PLEASE WAIT...' while the file is built; the file is
 * named '{brand} {title} (Downloaded - MMM Do YYYY)' and is opened and checked (exceljs for
 * Excel, poppler's pdftotext for PDF). Visitors get the login dialog, which returns them to
 * the list. Drawer screenshots go to DOWNLOAD_SHOTS (default test-results/screenshots/downloads).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { signInAs } from './bag-support.ts';
import { catalogueDocs } from './support/catalogue.ts';
import { SITE_NAME, submitLogin, TRADER } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

dayjs.extend(advancedFormat);

const SHOTS = process.env.DOWNLOAD_SHOTS ?? 'test-results/screenshots/downloads';
const dir = mkdtempSync(join(tmpdir(), 'facet-downloads-'));
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Stone = { _id: number; StkCodeCalcNS: string; StkShape: string; StkCatType: string; StkCertNo?: string };
type Format = 'PDF' | 'Excel';

const SINGLE_HEADERS = [
  'ID',
  'Shape',
  'Origin',
  'Weight',
  'Colour',
  'Clarity',
  'Cut',
  'Polish',
  'Symmetry',
  'Fluor',
  'L/W/D',
  'Lab',
  'PPC',
  'BR',
  'Price',
  'Availability',
];
const PARCEL_HEADERS = ['ID', 'Shape', 'Origin', 'Size', 'Colour', 'Clarity', 'L/W/D', 'Lab', 'PPC'];
const FINISH = /^(-|(EX|VG|GD|FAR|POR)(-(EX|VG|GD|FAR|POR))?)$/;
const FLUOR = /^(-|(NON|FNT|SL|VSL|MED|SG|VSG)(-(NON|FNT|SL|VSL|MED|SG|VSG))?)$/;
// a stock code opens each row: the seeded FT-S-000001 kind, or an imported one (another spec imports IMP-0001...)
const CODE_LINE = /^\s*((?:FT-[SLP]-\d{6})|(?:[A-Z]{2,5}-\d{4,6}))\s/;

const stockList = (page: Page) => page.getByRole('region', { name: 'Stock list' });
const downloadButton = (page: Page) => stockList(page).getByRole('button', { name: /^Download/ });
const fileName = (title: string, ext: string) =>
  `${SITE_NAME} ${title} (Downloaded - ${dayjs().format('MMM Do YYYY')}).${ext}`;

/** Opens the drawer from the toolbar, picks a type and format, and returns the saved file. */
async function downloadFrom(
  page: Page,
  type: string | RegExp,
  format: Format,
): Promise<{ name: string; path: string }> {
  await downloadButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Download' });
  await expect(drawer).toBeVisible();
  const submit = drawer.getByRole('button', { name: 'Download', exact: true });
  await expect(submit).toBeDisabled();
  await drawer.getByRole('radio', typeof type === 'string' ? { name: type, exact: true } : { name: type }).check();
  await expect(submit).toBeDisabled();
  await drawer.getByRole('radio', { name: format, exact: true }).check();
  await expect(submit).toBeEnabled();
  const pending = page.waitForEvent('download');
  await submit.click();
  // PDFs are built 1 s after the click (spec timing), so the waiting state is always seen
  if (format === 'PDF') await expect(drawer.getByRole('button', { name: 'PLEASE WAIT...' })).toBeDisabled();
  const file = await pending;
  const path = join(dir, file.suggestedFilename());
  await file.saveAs(path);
  await expect(drawer).toBeHidden();
  return { name: file.suggestedFilename(), path };
}

/** pdftotext pages of a PDF: title, count line and page number on each, the stock codes in order. */
function readPdf(path: string, title: string, count: number) {
  const pages = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
  expect(pages.length).toBeGreaterThan(0);
  pages.forEach((text, i) => {
    expect(text).toContain(title);
    expect(text).toMatch(
      new RegExp(`${count.toLocaleString('en-GB')} (stones|parcels) · Downloaded .* · Prices in [A-Z]{3}`),
    );
    expect(text).toMatch(new RegExp(`Page ${i + 1} / ${pages.length}\\s*$`));
  });
  return pages
    .join('\n')
    .split('\n')
    .map((l) => CODE_LINE.exec(l)?.[1])
    .filter((c): c is string => c != null);
}

async function readExcel(path: string, title: string, parcels: boolean) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const sheet = wb.worksheets[0]!;
  expect(sheet.name).toBe(title);
  const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map(String);
  expect(cells(1)).toEqual(parcels ? PARCEL_HEADERS : SINGLE_HEADERS);
  expect(sheet.getRow(1).font?.bold).toBe(true);
  expect(sheet.columns.map((c) => c.width)).toEqual(cells(1).map(() => 20));
  const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => cells(i + 2));
  if (!parcels) {
    for (const r of rows) {
      expect(r[2]).toMatch(/^(Natural|Lab-grown)$/);
      for (const i of [6, 7, 8]) expect(r[i]).toMatch(FINISH);
      expect(r[9]).toMatch(FLUOR);
      expect(r[14]).toMatch(/^\d+(\.\d{1,2})?$/); // a number a buyer can sum ...
    }
    if (rows.length > 0) expect(sheet.getRow(2).getCell(15).numFmt).toMatch(/^"[£$€¥]"#,##0\.00$/); // ... shown as money
  }
  return rows.map((r) => r[0]);
}

test.describe.configure({ mode: 'serial' });

test('a signed-in trader downloads each list from the catalogue, as PDF and as Excel', async ({ page }) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, TRADER.email, TRADER.password);
  const docs = await catalogueDocs<Stone>(page);
  const certified = docs.filter((d) => d.StkCatType === 'Single Item' && (d.StkCertNo ?? '').trim() !== '');
  const codesOf = (list: Stone[]) => list.map((d) => d.StkCodeCalcNS);
  const rounds = certified.filter((d) => d.StkShape.toLowerCase() === 'round');
  const fancies = certified.filter((d) => d.StkShape.toLowerCase() !== 'round');
  const parcels = docs.filter((d) => d.StkCatType === 'Multiple Items');
  expect(rounds.length * fancies.length * parcels.length).toBeGreaterThan(0);

  await page.goto('/diamonds/all');
  const list = stockList(page);
  const rows = list.locator('tbody tr:not(.cat-skeleton)');
  await expect(rows.first()).toBeVisible();
  const total = Number((await list.locator('.cat-pager__total strong').first().innerText()).replace(/\D/g, ''));
  expect(total).toBeGreaterThan(0);

  // nothing ticked yet: 'Only Ticked Items (0)' cannot be chosen
  await downloadButton(page).click();
  await expect(
    page.getByRole('dialog', { name: 'Download' }).getByRole('radio', { name: 'Only Ticked Items (0)' }),
  ).toBeDisabled();
  await page.keyboard.press('Escape');

  // tick two stones on the list: the toolbar button counts them
  const ticked: string[] = [];
  for (const i of [0, 2]) {
    const row = rows.nth(i);
    ticked.push(await row.locator('.cat-shape__code').innerText());
    // a press on the rows the server drew is kept and replayed once the island's table is up
    // (drawn-presses.ts), so the box is ticked a render after the click, not during it
    const tick = row.getByRole('checkbox', { name: /for download$/ });
    await tick.click();
    await expect(tick).toBeChecked();
  }
  await expect(downloadButton(page)).toHaveAccessibleName('Download 2 ticked');
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'list-ticked-desktop.png') });
  await page.setViewportSize({ width: 800, height: 900 });
  await page.screenshot({ path: join(SHOTS, 'list-ticked-tablet.png') });
  await page.setViewportSize({ width: 1440, height: 900 });

  // the drawer: 270 px, toggled by the toolbar button
  await downloadButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Download' });
  await expect(drawer).toBeVisible();
  expect((await drawer.boundingBox())?.width).toBe(270);
  await page.screenshot({ path: join(SHOTS, 'drawer-desktop.png') });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  const current = await downloadFrom(page, 'Current List', 'PDF');
  expect(current.name).toBe(fileName('Current List', 'pdf'));
  expect(readPdf(current.path, 'Current List', total)).toHaveLength(total);

  const selected = await downloadFrom(page, /^Only Ticked Items \(2\)$/, 'Excel');
  expect(selected.name).toBe(fileName('Selected Stock', 'xlsx'));
  expect((await readExcel(selected.path, 'Selected Stock', false)).sort()).toEqual([...ticked].sort());

  const selectedPdf = await downloadFrom(page, /^Only Ticked Items \(2\)$/, 'PDF');
  expect(readPdf(selectedPdf.path, 'Selected Stock', 2).sort()).toEqual([...ticked].sort());

  const cr = await downloadFrom(page, 'Certified Rounds', 'PDF');
  expect(cr.name).toBe(fileName('Certified Rounds', 'pdf'));
  expect(readPdf(cr.path, 'Certified Rounds', rounds.length)).toEqual(codesOf(rounds));

  const cf = await downloadFrom(page, 'Certified Fancies', 'Excel');
  expect(cf.name).toBe(fileName('Certified Fancies', 'xlsx'));
  expect(await readExcel(cf.path, 'Certified Fancies', false)).toEqual(codesOf(fancies));

  const ca = await downloadFrom(page, 'All Certified Stock', 'Excel');
  expect(ca.name).toBe(fileName('Certified Stock', 'xlsx'));
  expect(await readExcel(ca.path, 'Certified Stock', false)).toEqual(codesOf(certified));

  const pl = await downloadFrom(page, 'Parcel List', 'PDF');
  expect(pl.name).toBe(fileName('Parcel List', 'pdf'));
  expect(readPdf(pl.path, 'Parcel List', parcels.length)).toEqual(codesOf(parcels));

  const plx = await downloadFrom(page, 'Parcel List', 'Excel');
  expect(await readExcel(plx.path, 'Parcel List', true)).toEqual(codesOf(parcels));
});

test('on a phone the drawer has no Only Ticked Items and the rows no ticks', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, TRADER.email, TRADER.password);
  await page.goto('/diamonds/all');
  const list = stockList(page);
  await expect(list.locator('tbody tr:not(.cat-skeleton)').first()).toBeVisible();
  await expect(list.getByRole('checkbox', { name: /for download$/ }).first()).toBeHidden();
  await downloadButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Download' });
  await expect(drawer.getByRole('radio', { name: 'Current List' })).toBeVisible();
  await expect(drawer.getByRole('radio', { name: /Only Ticked Items/ })).toHaveCount(0);
  expect((await drawer.boundingBox())?.width).toBe(270);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, 'drawer-phone.png') });
  // closing it leaves the list in view (the filter panel stays folded away)
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(list.getByRole('button', { name: /^Filters \(\d+\)$/ })).toHaveAttribute('aria-expanded', 'false');
  await expect(list.locator('tbody tr:not(.cat-skeleton)').first()).toBeVisible();
});

test('a visitor pressing Download gets the login dialog and comes back to the list', async ({ page }) => {
  await page.goto('/diamonds/all');
  await expect(stockList(page).getByRole('checkbox', { name: /for download$/ })).toHaveCount(0);
  await downloadButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Download' })).toHaveCount(0);
  await submitLogin(page, TRADER.email, TRADER.password);
  await expect(page).toHaveURL(/\/diamonds\/all/);
  await downloadButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Download' })).toBeVisible();
});
