/**
 * Stock rows -> the catalogue's list docs: only the fields the list reads (CATALOGUE_FIELDS),
 * fields with no value left out. Shared by the set's worker thread (catalogue-set-worker.ts)
 * and the tests that rebuild the reference docs from the database. Imports no database
 * module at run time (the worker thread loads it).
 */
import type { Diamond } from '../../../db/tables.ts';
import type { DiamondDoc } from '../../../src/domain/diamond.ts';
import { INDEX_FIELDS } from '../../../src/domain/catalogue/prepare.ts';
import type { WireDoc } from '../../../src/domain/catalogue/wire.ts';

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

/**
 * The stock columns the list never shows, left out of the catalogue's reads (fewer values to
 * read and to pass to the set's worker), with the empty values toDiamondDoc is given instead.
 */
const UNLISTED = {
  description: '',
  sieve: '',
  culet: null,
  depthCrown: null,
  depthGirdle: null,
  depthPavilion: null,
  comments: '',
  updatedAt: new Date(0),
} satisfies Partial<Diamond>;
export type ListRow = Omit<Diamond, keyof typeof UNLISTED>;
export const UNLISTED_COLUMNS: readonly string[] = Object.keys(UNLISTED);

/** A list row as the whole stock row toDiamondDoc reads (the unlisted columns empty). */
export const asStockRow = (row: ListRow): Diamond => ({ ...UNLISTED, ...row });
