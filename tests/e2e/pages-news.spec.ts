/**
 * News: the list with its search (from the address and the header box, the
 * empty-result text), post pages with previous/next wrapping around, the /news/post/{slug}
 * link shape, and an axe scan of the list and a post.
 */
import type { Page } from '@playwright/test';
import { seriousViolations } from './support/axe-scan.ts';
import { expect, test } from './support/test.ts';

const SITE_NAME = process.env.PUBLIC_SITE_NAME ?? 'Facet Trade';
type Post = { _id: number; title: string; url: string };

async function publishedPosts(page: Page): Promise<Post[]> {
  const res = await page.request.get('/api/v1/posts/all');
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { docs: Post[] }).docs;
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('the news list features the latest post and lists the others under More News', async ({ page }) => {
  const posts = await publishedPosts(page);
  await page.goto('/news');
  await expect(page).toHaveTitle(`${SITE_NAME} - News`);
  await expect(page.getByRole('heading', { level: 2, name: posts[0]!.title })).toBeVisible();
  const more = page.getByRole('group', { name: 'More News' });
  await expect(more.getByRole('heading', { name: posts[1]!.title })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('a search from the address finds posts by content, jumps to the results and goes back to /news', async ({
  page,
}) => {
  await page.goto('/news?keywords=FLUORESCENCE');
  const results = page.locator('#search');
  await expect(results.getByRole('heading', { name: /Fluorescence: when it matters/ })).toBeVisible();
  await expect(page).toHaveURL(/\/news$/);
  await expect(results.getByRole('searchbox', { name: 'Search news' })).toHaveValue('FLUORESCENCE');
});

test('a search without a match says so in the spec words', async ({ page }) => {
  await page.goto('/news?keywords=zircon%20tiara');
  await expect(
    page.getByText('Your search query using "zircon tiara" has returned no results.', { exact: true }),
  ).toBeVisible();
});

test('the header search box sends to /news?keywords= and is cleared', async ({ page }) => {
  await page.goto('/faqs');
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search news' }).first();
  await box.fill('sieve');
  await box.press('Enter');
  await expect(page.locator('#search').getByRole('heading', { name: /Melee parcels/ })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('searchbox', { name: 'Search news' }).first()).toHaveValue('');
});

test('previous and next wrap around: next of the last post is the first, previous of the first is the last', async ({
  page,
}) => {
  const posts = await publishedPosts(page);
  const first = posts[0]!;
  const last = posts.at(-1)!;
  await page.goto(last.url);
  await expect(page).toHaveTitle(`${SITE_NAME} - ${last.title}`);
  await expect(page.getByRole('heading', { level: 1, name: last.title })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'More articles' });
  await nav.getByRole('link', { name: /Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`${first.url}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'More articles' })
    .getByRole('link', { name: /Previous/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`${last.url}/?$`));
  await expectNoSeriousViolations(page);
});

test('the /news/post/{slug}?id= link shape leads to the post', async ({ page }) => {
  const [post] = await publishedPosts(page);
  const slug = post!.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  await page.goto(`/news/post/${slug}?id=${post!._id}`);
  await expect(page).toHaveURL(new RegExp(`${post!.url}/?$`));
  await expect(page.getByRole('heading', { level: 1, name: post!.title })).toBeVisible();
});
