/**
 * What the compare browser tests share: a row's value cell in one stone's column, and a
 * compare list of three round single stones of one lab and three colours, priced (a thousand
 * or more, so their figures cannot be mistaken for any other number) and none a special offer.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { catalogueDocs } from './catalogue.ts';

export type CompareDoc = {
  _id: number;
  StkCatType: 'Single Item' | 'Multiple Items';
  StkShape: string;
  StkCodeCalcNS: string;
  StkCertSup?: string;
  STWeight: number;
  WebSpecial?: number;
  price?: number;
  ppc?: number | null;
  ExWebTotal?: number | null;
  Colour?: { From: string; rank: [number, number] };
};

/** The value cell of the row `label` in one stone's column. */
export const cell = (column: Locator, label: string) =>
  column.locator('.cmp-col__row', {
    has: column
      .page()
      .getByRole('term')
      .filter({ hasText: new RegExp(`^${label}`) }),
  });

/** Makes the signed-in page's compare list three such stones, in the order returned. */
export async function compareThreeColours(page: Page): Promise<CompareDoc[]> {
  const docs = (await catalogueDocs<CompareDoc>(page)).filter(
    (d) =>
      d.StkCatType === 'Single Item' &&
      d.StkShape.toLowerCase() === 'round' &&
      Number(d.price) >= 1000 &&
      !(Number(d.WebSpecial) > 0),
  );
  const lab = docs.find((d) => d.StkCertSup)!.StkCertSup;
  const picked: CompareDoc[] = [];
  for (const d of docs.filter((x) => x.StkCertSup === lab))
    if (!picked.some((p) => p.Colour?.From === d.Colour?.From) && picked.length < 3) picked.push(d);
  expect(picked).toHaveLength(3);
  const before = (await (await page.request.get('/api/v1/profile/compare')).json()) as { ids: number[] };
  for (const id of before.ids) await page.request.delete(`/api/v1/profile/compare/${id}`);
  for (const d of picked) expect((await page.request.put(`/api/v1/profile/compare/${d._id}`)).status()).toBe(200);
  return picked;
}
