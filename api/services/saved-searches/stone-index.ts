/**
 * The stones a saved search is matched against, as the catalogue's index: stock rows ->
 * the signed-in DiamondDoc (catalogue/diamond-docs.ts) -> prepareCatalogue. A thousand
 * changed stones take a few milliseconds; `matchSearches` (src/domain/saved-searches/match.ts)
 * then prices it per currency and runs every compiled search over it.
 */
import type { Diamond } from '../../../db/tables.ts';
import { prepareCatalogue, type CatalogueIndex } from '../../../src/domain/catalogue/index.ts';
import { toDiamondDoc } from '../catalogue/diamond-docs.ts';

/** Row i of the index is `rows[i]` (its id: `docOf(ix, i)._id`). */
export function stoneIndex(rows: readonly Diamond[]): CatalogueIndex {
  return prepareCatalogue(rows.map((r) => toDiamondDoc(r, true)));
}
