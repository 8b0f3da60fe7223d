/**
 * Stock rows -> the catalogue's list docs: only the fields the list reads (CATALOGUE_FIELDS),
 * fields with no value left out. Shared by the set's worker thread (catalogue-set-worker.ts)
 * and the tests that rebuild the reference docs from the database.
 */
import type { DiamondDoc } from '../../src/domain/diamond.ts';
import { INDEX_FIELDS } from '../../src/domain/catalogue/prepare.ts';
import type { WireDoc } from '../../src/domain/catalogue/wire.ts';

export const CATALOGUE_FIELDS = [...INDEX_FIELDS, 'StkCertNo'] as const satisfies readonly (keyof DiamondDoc)[];

/** One stone of the list; fields with no value are absent. */
export type CatalogueDoc = WireDoc;

export function slimDoc(doc: DiamondDoc, has360: boolean): CatalogueDoc {
  const out: Record<string, unknown> = {};
  for (const key of CATALOGUE_FIELDS) {
    const value = doc[key];
    if (value == null || value === '') continue;
    if (key === 'WebSpecial' && !(Number(value) > 0)) continue;
    out[key] = value;
  }
  if (has360) out.has360 = true;
  return out as CatalogueDoc;
}
