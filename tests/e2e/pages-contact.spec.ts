/**
 * The message drawers: the contact page's "It's a pleasure to meet you" (field errors, then
 * a successful send: drawer closed, the snackbar, the message stored with its page title)
 * and the API page's "Contact Us About Our API" (really sends, kind 'api').
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test.ts';

const SITE_NAME = process.env.PUBLIC_SITE_NAME ?? 'Facet Trade';
const dbPath = () => join(process.env.FACET_E2E_DIR ?? '', 'facet.db');
const unique = (tag: string) => `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

type Row = { kind: string; name: string; company_name: string; page_title: string; message: string; status: string };
function storedMessage(email: string): Row | undefined {
  const db = new Database(dbPath(), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select * from contact_messages where email = ? order by id desc').get(email) as Row | undefined;
  } finally {
    db.close();
  }
}

async function fill(page: Page, dialogName: string, email: string) {
  const d = page.getByRole('dialog', { name: dialogName });
  await d.getByRole('textbox', { name: 'Name', exact: true }).fill('Grace Cutter');
  await d.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await d.getByRole('textbox', { name: 'Phone', exact: true }).fill('+44 20 7946 0999');
  await d.getByRole('textbox', { name: 'Company Name', exact: true }).fill('Cutter & Sons');
  await d.getByRole('textbox', { name: 'Message', exact: true }).fill('Do you hold 1 ct ovals, F-G VS?');
  return d;
}

test('the contact drawer shows field errors, then sends, closes, thanks and stores the message', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page).toHaveTitle(`${SITE_NAME} - Contact Us`);
  await page.getByRole('button', { name: 'SEND A MESSAGE' }).click();
  const drawer = page.getByRole('dialog', { name: "It's a pleasure to meet you" });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('textbox', { name: 'Message', exact: true })).toHaveAttribute(
    'placeholder',
    'Start typing your message...',
  );
  await expect(drawer.getByRole('textbox', { name: 'Message', exact: true })).toHaveAttribute('rows', '10');

  await drawer.getByRole('button', { name: 'Send Message' }).click();
  for (const msg of [
    'Name is required',
    'Email is required',
    'Phone is required',
    'Company name is required',
    'Message is required',
  ]) {
    await expect(drawer.getByText(msg, { exact: true })).toBeVisible();
  }
  await drawer.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await expect(drawer.getByText('Please enter a valid email', { exact: true })).toBeVisible();

  const email = unique('contact');
  await fill(page, "It's a pleasure to meet you", email);
  await drawer.getByRole('button', { name: 'Send Message' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Thanks for sending us your message!' })).toBeVisible();

  expect(storedMessage(email)).toMatchObject({
    kind: 'contact',
    name: 'Grace Cutter',
    company_name: 'Cutter & Sons',
    page_title: `${SITE_NAME} - Contact Us`,
    message: 'Do you hold 1 ct ovals, F-G VS?',
    status: 'new',
  });
});

test('the API page drawer "Contact Us About Our API" really sends its message', async ({ page }) => {
  await page.goto('/api');
  await expect(page).toHaveTitle(`${SITE_NAME} - API`);
  await page.getByRole('button', { name: 'Ask about the API' }).click();
  const email = unique('api');
  const drawer = await fill(page, 'Contact Us About Our API', email);
  await drawer.getByRole('button', { name: 'Send Message' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Thanks for sending us your message!' })).toBeVisible();
  expect(storedMessage(email)).toMatchObject({ kind: 'api', page_title: `${SITE_NAME} - API` });
});
