/**
 * applyFilters: the rows of one main tab that pass the filter set.
 *
 * A filter narrower than its limits is applied; one spanning them is not (so stones without
 * that value are kept). Rules:
 * - shapes: the stone's entry of the tab's shape list ('other' for unlisted shapes).
 * - weight: singles by STWeight in range; parcels by overlap of their Size range.
 * - colour, clarity, cut, polish, symmetry, fluorescence: overlap of the stone's rank range
 *   with the filter's (a single's range is one grade). Clarity's upper bound applies only
 *   below 9 (CLARITY_SLIDER_MAX).
 * - price and ppc: only for authorised users; an upper end at 50,000 is no upper bound.
 * - gradingLabs: uppercase match of StkCertSup. specialOffers: WebSpecial above 0.
 * - depth (1-100 %), table (0-100 %), measurements length/width/depth in mm; the measurement
 *   filters are skipped while the measurements column is off, availability while its column
 *   is off or for visitors.
 * - search: case-insensitive substring of StkCodeCalcNS or of StkCertNo (the certificate number).
 */
import { CLARITY_SLIDER_MAX } from '../grades.ts';
import { DEFAULT_COLUMNS, FIXED_LIMITS, type FilterState, type OptionalColumns } from './filter-state.ts';
import { codeKey } from './codes.ts';
import { searchCodes, type CatalogueIndex } from './prepare.ts';
import { PRICE_MAX_VALUE, PRICE_MIN_VALUE, type NumRange } from './sliders.ts';
import { shapeKey } from './shapes.ts';
import { tabShapeList, type MainTab } from './tabs.ts';

export type FilterContext = {
  tab: MainTab;
  /** signed in: price, ppc and availability filters apply */
  authorised: boolean;
  columns?: OptionalColumns;
};

const narrower = (r: NumRange, limits: NumRange) => r[0] > limits[0] || r[1] < limits[1];

/** Normalised search term: the codes' own rule (codes.ts). */
export const searchTerm = codeKey;

/** The rows (positions in `index.docs`) of `ctx.tab` passing `filters`, in load order. */
export function applyFilters(ix: CatalogueIndex, filters: FilterState, ctx: FilterContext): Int32Array {
  const rows = ix.tabRows[ctx.tab];
  const bounds = ix.bounds[ctx.tab];
  const columns = ctx.columns ?? DEFAULT_COLUMNS;

  const shapeList = tabShapeList(ctx.tab);
  const useShape = filters.shapes.length > 0;
  const shapeOk = new Uint8Array(256);
  for (const s of filters.shapes) shapeOk[shapeList.indexOf(shapeKey(s, shapeList))] = 1;

  const useLab = filters.gradingLabs.length > 0;
  const labOk = new Uint8Array(256);
  const wanted = new Set(filters.gradingLabs.map((l) => l.trim().toUpperCase()));
  ix.labs.forEach((name, i) => {
    if (wanted.has(name)) labOk[i] = 1;
  });

  const [wLo, wHi] = filters.weight;
  const useWeight = narrower(filters.weight, bounds.weight);
  const [cLo, cHi] = filters.colour;
  const useColour = narrower(filters.colour, FIXED_LIMITS.colour);
  const qLo = filters.clarity[0];
  const qHi = filters.clarity[1] >= CLARITY_SLIDER_MAX ? Infinity : filters.clarity[1];
  const useClarity = qLo > FIXED_LIMITS.clarity[0] || qHi < Infinity;
  const [cutLo, cutHi] = filters.cut;
  const useCut = narrower(filters.cut, FIXED_LIMITS.cut);
  const [polLo, polHi] = filters.polish;
  const usePolish = narrower(filters.polish, FIXED_LIMITS.polish);
  const [symLo, symHi] = filters.symmetry;
  const useSymmetry = narrower(filters.symmetry, FIXED_LIMITS.symmetry);
  const [flLo, flHi] = filters.fluorescence;
  const useFluo = narrower(filters.fluorescence, FIXED_LIMITS.fluorescence);

  const pLo = filters.price[0] > PRICE_MIN_VALUE ? filters.price[0] : -Infinity;
  const pHi = filters.price[1] < PRICE_MAX_VALUE ? filters.price[1] : Infinity;
  const usePrice = ctx.authorised && (pLo > -Infinity || pHi < Infinity);
  const ppLo = filters.ppc[0] > PRICE_MIN_VALUE ? filters.ppc[0] : -Infinity;
  const ppHi = filters.ppc[1] < PRICE_MAX_VALUE ? filters.ppc[1] : Infinity;
  const usePpc = ctx.authorised && (ppLo > -Infinity || ppHi < Infinity);

  const useSpecial = filters.specialOffers;
  const [dLo, dHi] = filters.depth;
  const useDepth = narrower(filters.depth, FIXED_LIMITS.depth);
  const [tLo, tHi] = filters.table;
  const useTable = narrower(filters.table, FIXED_LIMITS.table);
  const [lLo, lHi] = filters.measurementsLength;
  const useLength = columns.measurements && narrower(filters.measurementsLength, bounds.measurementsLength);
  const [bLo, bHi] = filters.measurementsWidth;
  const useWidth = columns.measurements && narrower(filters.measurementsWidth, bounds.measurementsWidth);
  const [hLo, hHi] = filters.measurementsDepth;
  const useHeight = columns.measurements && narrower(filters.measurementsDepth, bounds.measurementsDepth);

  const availOk = new Uint8Array(4);
  for (const a of filters.availability) if (a >= 1 && a <= 3) availOk[a] = 1;
  const useAvail =
    ctx.authorised &&
    columns.availability &&
    filters.availability.length > 0 &&
    availOk[1]! + availOk[2]! + availOk[3]! < 3;

  const q = searchTerm(filters.search);
  const useSearch = q.length > 0;

  const filtering =
    useShape ||
    useWeight ||
    useColour ||
    useClarity ||
    useCut ||
    usePolish ||
    useSymmetry ||
    useFluo ||
    useLab ||
    useSpecial ||
    usePrice ||
    usePpc ||
    useDepth ||
    useTable ||
    useLength ||
    useWidth ||
    useHeight ||
    useAvail ||
    useSearch;
  if (!filtering) return rows.slice(); // the whole tab, in load order

  const { shape, weightLo, weightHi, colourLo, colourHi, clarityLo, clarityHi, cutLo: sCutLo, cutHi: sCutHi } = ix;
  const { polishLo, polishHi, symmetryLo, symmetryHi, fluorescenceLo, fluorescenceHi, lab, special, availability } = ix;
  const { price, ppc, depth, table, length, width, height } = ix;
  const code = useSearch ? searchCodes(ix) : [];

  const out = new Int32Array(rows.length);
  let n = 0;
  for (let k = 0; k < rows.length; k++) {
    const i = rows[k] as number;
    if (useShape && shapeOk[shape[i] as number] === 0) continue;
    if (useWeight && !((weightLo[i] as number) <= wHi && (weightHi[i] as number) >= wLo)) continue;
    if (useColour && !(colourLo[i]! >= 0 && colourLo[i]! <= cHi && colourHi[i]! >= cLo)) continue;
    if (useClarity && !(clarityLo[i]! >= 0 && clarityLo[i]! <= qHi && clarityHi[i]! >= qLo)) continue;
    if (useCut && !(sCutLo[i]! >= 0 && sCutLo[i]! <= cutHi && sCutHi[i]! >= cutLo)) continue;
    if (usePolish && !(polishLo[i]! >= 0 && polishLo[i]! <= polHi && polishHi[i]! >= polLo)) continue;
    if (useSymmetry && !(symmetryLo[i]! >= 0 && symmetryLo[i]! <= symHi && symmetryHi[i]! >= symLo)) continue;
    if (useFluo && !(fluorescenceLo[i]! >= 0 && fluorescenceLo[i]! <= flHi && fluorescenceHi[i]! >= flLo)) continue;
    if (useLab && labOk[lab[i] as number] === 0) continue;
    if (useSpecial && special[i] === 0) continue;
    if (usePrice && !(price[i]! >= pLo && price[i]! <= pHi)) continue; // NaN fails both
    if (usePpc && !(ppc[i]! >= ppLo && ppc[i]! <= ppHi)) continue;
    if (useDepth && !(depth[i]! >= dLo && depth[i]! <= dHi)) continue;
    if (useTable && !(table[i]! >= tLo && table[i]! <= tHi)) continue;
    if (useLength && !(length[i]! >= lLo && length[i]! <= lHi)) continue;
    if (useWidth && !(width[i]! >= bLo && width[i]! <= bHi)) continue;
    if (useHeight && !(height[i]! >= hLo && height[i]! <= hHi)) continue;
    if (useAvail && availOk[availability[i] as number] === 0) continue;
    if (useSearch && !(code[i] as string).includes(q)) continue;
    out[n++] = i;
  }
  return out.subarray(0, n);
}
