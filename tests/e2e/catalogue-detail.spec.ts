/**
 * The detail screen and the 360 player in Chromium: tabs follow the address, the report's
 * sign-in gate (visitor: the Login dialog; trader: the certificate PDF in a new window),
 * no price for a visitor in the DOM or on the wire, and the 360 view playing frames.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test.ts';
import { CURRENCY_AMOUNT, SITE_NAME, TRADER } from './support/accounts.ts';

type Doc = { _id: number; StkCatType: string; Source: string; StkCertNo: string; specialOffer: boolean };
type Media = { type: string };

/** A natural single in stock, not a special offer, with a report number (and a 360 set when asked). */
async function findStone(
  request: APIRequestContext,
  want: { spin?: boolean; certificate?: boolean } = {},
): Promise<number> {
  const list = (await (await request.get('/api/v1/diamonds?limit=300')).json()) as { docs: Doc[] };
  for (const d of list.docs) {
    if (d.StkCatType !== 'Single Item' || d.Source !== '' || d.specialOffer || !d.StkCertNo) continue;
    if (want.spin) {
      const media = (await (await request.get(`/api/v1/diamonds/${d._id}/images`)).json()) as Media[];
      if (!media.some((m) => m.type === '360')) continue;
    }
    if (want.certificate) {
      const r = await request.get(`/api/v1/diamonds/${d._id}/certificate`);
      if (r.status() !== 200) continue;
    }
    return d._id;
  }
  throw new Error(`no stone with ${JSON.stringify(want)} in the seed`);
}

async function signIn(page: Page) {
  const res = await page.request.post('/api/v1/login', { data: TRADER });
  expect(res.status()).toBe(200);
}

test.describe('detail screen', () => {
  test('opens a stone, and its tabs follow the address', async ({ page }) => {
    const id = await findStone(page.request);
    await page.goto(`/diamonds/${id}/details`);
    await expect(page).toHaveTitle(`${SITE_NAME} - Diamond Details`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/ct /);
    await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Stock code')).toBeVisible();

    await page.getByRole('tab', { name: 'Diagram' }).click();
    await expect(page).toHaveURL(new RegExp(`/diamonds/${id}/diagram$`));
    await expect(page.getByRole('img', { name: 'Proportions diagram' })).toBeVisible();
    await expect(page.getByText('Pavilion depth')).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/diamonds/${id}/details$`));
    await expect(page.getByRole('tab', { name: 'Details' })).toHaveAttribute('aria-selected', 'true');

    await page.getByRole('link', { name: /back to all/i }).click();
    await expect(page).toHaveURL(/\/diamonds\/all$/);
  });

  test('asks a visitor to sign in for the full report', async ({ page }) => {
    const id = await findStone(page.request);
    await page.goto(`/diamonds/${id}/report`);
    await expect(page.getByText('Report number')).toBeVisible();
    await page.getByRole('button', { name: 'View or Download Full Report' }).click();
    await expect(page.getByRole('dialog', { name: 'Login' })).toBeVisible();
  });

  test('opens the certificate PDF in a new window for a signed-in user', async ({ page }) => {
    await signIn(page);
    const id = await findStone(page.request, { certificate: true });
    await page.goto(`/diamonds/${id}/report`);
    // the new window asks for the PDF: a browser with a PDF viewer shows it at that address,
    // one without (a headless shell) saves it, and its window stays at about:blank
    const certificate = new RegExp(`/api/v1/diamonds/${id}/certificates/1$`);
    const asked = page.context().waitForEvent('request', (r) => certificate.test(r.url()));
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'View or Download Full Report' }).click();
    const win = await popup;
    const request = await asked;
    expect(request.frame().page()).toBe(win);
    const answer = await request.response();
    expect(answer?.status()).toBe(200);
    expect(await answer?.headerValue('content-type')).toBe('application/pdf');
  });

  test('the certificate PDF file itself keeps the sign-in rule', async ({ page, playwright, baseURL }) => {
    await signIn(page);
    const id = await findStone(page.request, { certificate: true });
    const { report1 } = (await (await page.request.get(`/api/v1/diamonds/${id}/certificate`)).json()) as {
      report1: { links: { pdf: string } };
    };
    const signedIn = await page.request.get(report1.links.pdf);
    expect(signedIn.status()).toBe(200);
    expect(signedIn.headers()['content-type']).toBe('application/pdf');
    const visitor = await playwright.request.newContext({ baseURL });
    expect((await visitor.get(report1.links.pdf)).status()).toBe(401);
    // the file is not in the public site under its old address either
    expect((await visitor.get('/media/certificates/sample-certificate.pdf')).status()).toBe(404);
    await visitor.dispose();
  });

  test('shows a visitor no price, in the page or on the wire', async ({ page }) => {
    const id = await findStone(page.request);
    const bodies: string[] = [];
    page.on('response', async (res) => {
      if (res.url().includes('/api/v1/') && res.headers()['content-type']?.includes('json')) {
        bodies.push(await res.text().catch(() => ''));
      }
    });
    await page.goto(`/diamonds/${id}/details`);
    await expect(page.getByText('Stock code')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'RELATED' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Basket' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /sign in or register to see prices/i })).toBeVisible();
    expect(await page.locator('main').innerText()).not.toMatch(CURRENCY_AMOUNT);
    expect(bodies.length).toBeGreaterThan(0);
    for (const body of bodies) expect(body).not.toMatch(/"(price|priceOrig|ppc|ExWebTotal|RAP|StkWebAvailable)":/);
  });

  test('shows a signed-in user the price and adds the stone to the bag', async ({ page, keep }) => {
    await keep.bag(TRADER); // the demo trader's bag, put back after the test
    await signIn(page);
    const id = await findStone(page.request);
    await page.goto(`/diamonds/${id}/details`);
    await expect(page.getByTestId('stone-price')).toHaveText(CURRENCY_AMOUNT);
    await page.getByRole('button', { name: 'Add to Basket' }).click();
    await expect(page.getByRole('dialog', { name: /your bag/i })).toBeVisible();
  });
});

test.describe('360 player', () => {
  test('plays its frames, with the layout at /360 and without it at /diamonds/{id}', async ({ page }) => {
    const id = await findStone(page.request, { spin: true });
    await page.goto(`/diamonds/${id}/360`);
    const player = page.locator('figure.p360');
    await expect(player).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    const first = Number(await player.getAttribute('data-frame'));
    await expect.poll(async () => Number(await player.getAttribute('data-frame'))).not.toBe(first);
    await expect(player.getByRole('img')).toHaveAttribute('aria-label', /360/);
    await page.getByRole('button', { name: 'Pause' }).click();
    await expect(player).toHaveAttribute('data-playing', 'false');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect(player.getByText('1.3×')).toBeVisible();

    // drag orbits: a sixth of the width is a sixth of a turn
    const paused = Number(await player.getAttribute('data-frame'));
    const box = (await player.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + box.width / 6, box.y + box.height / 2, { steps: 5 });
    await expect(player).toHaveAttribute('data-playing', 'false');
    await page.mouse.up();
    await expect.poll(async () => Number(await player.getAttribute('data-frame'))).not.toBe(paused);

    await page.goto(`/diamonds/${id}?noControlsAndLogo=true`);
    await expect(page.locator('figure.p360')).toBeVisible();
    await expect(page.getByRole('banner')).toBeHidden();
    await expect(page.getByRole('toolbar', { name: '360 controls' })).toHaveCount(0);
  });

  test('shows the player from the detail image pane', async ({ page }) => {
    const id = await findStone(page.request, { spin: true });
    await page.goto(`/diamonds/${id}/details`);
    await page.getByRole('button', { name: '360 view' }).click();
    await expect(page.locator('figure.p360')).toBeVisible();
    await page.getByRole('button', { name: 'Close the 360 view' }).click();
    await expect(page.getByRole('img', { name: /front view/ })).toBeVisible();
  });

  test('says Coming Soon where a stone has no 360 set', async ({ page }) => {
    const list = (await (await page.request.get('/api/v1/diamonds?limit=60')).json()) as { docs: Doc[] };
    let id: number | null = null;
    for (const d of list.docs) {
      const media = (await (await page.request.get(`/api/v1/diamonds/${d._id}/images`)).json()) as Media[];
      if (!media.some((m) => m.type === '360')) {
        id = d._id;
        break;
      }
    }
    expect(id).not.toBeNull();
    await page.goto(`/diamonds/${id}/details`);
    await page.getByRole('button', { name: '360 view' }).click();
    await expect(page.getByRole('dialog', { name: 'Coming Soon' })).toBeVisible();
  });
});

test('shares a stone from the SHARE drawer', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const id = await findStone(page.request);
  await page.goto(`/diamonds/${id}/details`);
  await page.getByRole('button', { name: 'Share' }).click();
  const drawer = page.getByRole('dialog', { name: 'SHARE' });
  await expect(drawer).toBeVisible();
  const address = encodeURIComponent(page.url());
  await expect(drawer.getByRole('link', { name: /facebook/i })).toHaveAttribute(
    'href',
    `https://www.facebook.com/sharer/sharer.php?u=${address}`,
  );
  await expect(drawer.getByRole('link', { name: /twitter/i })).toHaveAttribute(
    'href',
    /twitter\.com\/intent\/tweet\?url=/,
  );
  await expect(drawer.getByRole('link', { name: /linkedin/i })).toHaveAttribute('href', /linkedin\.com\/sharing/);
  await drawer.getByRole('button', { name: 'Copy link' }).click();
  await expect(drawer.getByText('Copied to clipboard!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});
