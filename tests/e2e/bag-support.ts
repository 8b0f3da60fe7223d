/**
 * Helpers of the bag browser tests: sign in with the worker's stored session, pick stones from the loaded catalogue, fill the bag by the API.
 */
import { expect, type Page } from '@playwright/test';
import { catalogueDocs } from './support/catalogue.ts';
import { workerBaseURL } from './support/servers.ts';
import { signInPage } from './support/sessions.ts';

export type Stone = {
  _id: number;
  StkCodeCalcNS: string;
  StkCatType: string;
  price?: number;
  ppc?: number;
  WebSpecial?: number;
};

/** Signs the page's context in with the worker's stored session of that account (support/sessions.ts). */
export async function signInAs(page: Page, email: string, password: string): Promise<void> {
  await signInPage(page, { email, password }, workerBaseURL());
}

/** A priced single and parcel (no special offers), skipping `skip` of each. */
export async function pickStones(page: Page, skip = 0): Promise<{ single: Stone; parcel: Stone }> {
  const docs = await catalogueDocs<Stone>(page);
  const plain = docs.filter((d) => !(Number(d.WebSpecial) > 0));
  const single = plain.filter((d) => d.StkCatType === 'Single Item' && Number(d.price) > 0)[skip];
  const parcel = plain.filter((d) => d.StkCatType === 'Multiple Items' && Number(d.ppc) > 0)[skip];
  if (!single || !parcel) throw new Error('no priced single or parcel in the test stock');
  return { single, parcel };
}

export async function emptyBag(page: Page): Promise<void> {
  const res = await page.request.get('/api/v1/profile/bag');
  const { bag } = (await res.json()) as { bag: { diamondId: number }[] };
  for (const l of bag) await page.request.delete(`/api/v1/profile/bag/${l.diamondId}`);
}

export async function addByApi(page: Page, ...stones: Stone[]): Promise<void> {
  for (const s of stones) {
    const res = await page.request.post('/api/v1/profile/bag', { data: { diamondId: s._id } });
    expect(res.status()).toBe(200);
  }
}
