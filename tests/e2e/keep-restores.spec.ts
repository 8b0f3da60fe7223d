/**
 * The `keep` fixture (support/shared-state.ts) puts shared state back even when a test fails:
 * a test that is expected to fail changes the admin's favourites and the availability labels
 * and then fails; the next test finds both as they were.
 */
import { ADMIN } from './support/accounts.ts';
import { expect, test } from './support/test.ts';

test.describe.configure({ mode: 'serial' });

let before: { favourites: number[]; now: string } | undefined;
const LABEL = 'Changed by a failing test';

test('a failing test changes shared state', async ({ keep }) => {
  test.fail(); // it must fail: the point is what happens after
  const admin = await keep.as(ADMIN);
  const { favourites } = await keep.lists(ADMIN);
  const labels = await keep.availability();
  before = { favourites, now: labels.diamond_available_now! };
  const { docs } = (await (await admin.get('/api/v1/diamonds?limit=5')).json()) as { docs: { _id: number }[] };
  const extra = docs.find((d) => !favourites.includes(d._id))!._id;
  expect((await admin.put(`/api/v1/profile/favourites/${extra}`)).ok()).toBe(true);
  const config = (await (await admin.get('/api/v1/configs?fields=type&filter=diamond_available')).json()) as {
    docs: { _id: number }[];
  };
  const patched = await admin.patch(`/api/v1/configs/${config.docs[0]!._id}`, {
    data: { type: 'diamond_available', fields: { ...labels, diamond_available_now: LABEL } },
  });
  expect(patched.ok()).toBe(true);
  expect('the test fails here').toBe('');
});

test('the next test finds it as it was', async ({ keep }) => {
  expect(before, 'the failing test ran first').toBeTruthy();
  const admin = await keep.as(ADMIN);
  const favourites = (await (await admin.get('/api/v1/profile/favourites')).json()) as { ids: number[] };
  expect(favourites.ids).toEqual(before!.favourites);
  const config = (await (await admin.get('/api/v1/configs?fields=type&filter=diamond_available')).json()) as {
    docs: { fields: Record<string, string> }[];
  };
  expect(config.docs[0]!.fields.diamond_available_now).toBe(before!.now);
  expect(before!.now).not.toBe(LABEL);
});
