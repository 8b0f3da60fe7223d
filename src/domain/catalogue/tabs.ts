/**
 * Main tabs, compare tabs and the list route's page segment.
 *
 * Main tabs: 0 Singles (natural Single Item), 1 Lab Grown (lab-grown Single Item),
 * 2 Parcels (every Multiple Items stone), 3 Coloured (a placeholder: holds no stones).
 * A single is lab-grown when its Source is 'Lab Grown' or its StkCatName is
 * 'Lab Grown Diamonds', so every single lands in exactly one main tab.
 *
 * Compare tabs follow the spec to the letter: 0 Single Item that is not lab-grown (by Source
 * or StkCatName), 1 Single Item with Source 'Lab Grown', 2 Multiple Items; only stones
 * present in the loaded list are shown. (A single marked lab-grown by StkCatName alone
 * therefore shows in neither compare tab 0 nor 1, as the spec's rules say.)
 * Text comparisons are trimmed and case-insensitive.
 */
import { isParcel, PARCEL, SINGLE, type CatType, type ListDoc } from '../diamond.ts';
import { shapeListFor, type ShapeList } from './shapes.ts';
import { routes } from '../routes.ts';

export type MainTab = 0 | 1 | 2 | 3;
export const MAIN_TABS: readonly MainTab[] = [0, 1, 2, 3];
export const SINGLES_TAB = 0;
export const LAB_GROWN_TAB = 1;
export const PARCELS_TAB = 2;
export const COLOURED_TAB = 3;
export const MAIN_TAB_LABELS: Record<MainTab, string> = { 0: 'Singles', 1: 'Lab Grown', 2: 'Parcels', 3: 'Coloured' };

export type CompareTab = 0 | 1 | 2;
export const COMPARE_TABS: readonly CompareTab[] = [0, 1, 2];
export const COMPARE_TAB_LABELS: Record<CompareTab, string> = { 0: 'Single', 1: 'Lab grown', 2: 'Parcel' };

export const LIST_PATH = routes.catalogue;
export const LAB_GROWN_PATH = routes.labGrown;

type Categorised = Pick<ListDoc, 'StkCatType' | 'StkCatName' | 'Source'>;

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
const LAB_GROWN_SOURCE = 'lab grown';
const LAB_GROWN_CAT_NAME = 'lab grown diamonds';

export const hasLabGrownSource = (d: Pick<ListDoc, 'Source'>) => norm(d.Source) === LAB_GROWN_SOURCE;
/** Lab-grown by Source 'Lab Grown' or StkCatName 'Lab Grown Diamonds'. */
export const isLabGrown = (d: Pick<ListDoc, 'Source' | 'StkCatName'>) =>
  hasLabGrownSource(d) || norm(d.StkCatName) === LAB_GROWN_CAT_NAME;

/** The main tab a stone is listed under; the Coloured tab lists none. */
export function mainTabOf(d: Categorised): MainTab {
  if (isParcel(d.StkCatType)) return PARCELS_TAB;
  return isLabGrown(d) ? LAB_GROWN_TAB : SINGLES_TAB;
}

export const tabCatType = (tab: MainTab): CatType => (tab === PARCELS_TAB ? PARCEL : SINGLE);
export const tabShapeList = (tab: MainTab): ShapeList => shapeListFor(tabCatType(tab));

/** The address a tab change pushes: lab-grown has its own, natural stock /diamonds/all. */
export const tabPath = (tab: MainTab): string => (tab === LAB_GROWN_TAB ? LAB_GROWN_PATH : LIST_PATH);

// ---------------------------------------------------------------- route page segment

export type RouteIntent =
  | { kind: 'all' }
  | { kind: 'lab-grown' }
  | { kind: 'specials'; redirect: typeof LIST_PATH }
  | { kind: 'shape'; shape: string };

/**
 * The page segment of /diamonds/all/{page}: 'all' (or none) everything, 'lab-grown' the
 * lab-grown tab, 'specials' turns special offers on then redirects to /diamonds/all, anything
 * else is a shape pre-filter (lowercased, URL-decoded).
 */
export function routeIntent(page: string | null | undefined): RouteIntent {
  let p = page ?? '';
  try {
    p = decodeURIComponent(p);
  } catch {
    // keep it as typed
  }
  p = p.trim().toLowerCase();
  if (p === '' || p === 'all') return { kind: 'all' };
  if (p === 'lab-grown') return { kind: 'lab-grown' };
  if (p === 'specials') return { kind: 'specials', redirect: LIST_PATH };
  return { kind: 'shape', shape: p };
}

// ---------------------------------------------------------------- compare tabs

export function compareTabOf(d: Categorised): CompareTab | null {
  if (isParcel(d.StkCatType)) return 2;
  if (d.StkCatType !== SINGLE) return null;
  if (!isLabGrown(d)) return 0;
  return hasLabGrownSource(d) ? 1 : null;
}

/**
 * The stones of one compare tab, in compare-list order: ids missing from the loaded list are
 * left out, as are stones of other categories.
 */
export function compareTabItems<D extends Categorised & { _id: number }>(
  compareIds: readonly number[],
  loaded: ReadonlyMap<number, D> | readonly D[],
  tab: CompareTab,
): D[] {
  const byId = Array.isArray(loaded)
    ? new Map((loaded as readonly D[]).map((d) => [d._id, d]))
    : (loaded as ReadonlyMap<number, D>);
  const out: D[] = [];
  for (const id of compareIds) {
    const d = byId.get(id);
    if (d && compareTabOf(d) === tab) out.push(d);
  }
  return out;
}

/** How many compare-list stones each compare tab shows. */
export function compareTabCounts<D extends Categorised & { _id: number }>(
  compareIds: readonly number[],
  loaded: ReadonlyMap<number, D> | readonly D[],
): Record<CompareTab, number> {
  const byId = Array.isArray(loaded)
    ? new Map((loaded as readonly D[]).map((d) => [d._id, d]))
    : (loaded as ReadonlyMap<number, D>);
  const counts: Record<CompareTab, number> = { 0: 0, 1: 0, 2: 0 };
  for (const id of compareIds) {
    const d = byId.get(id);
    const t = d ? compareTabOf(d) : null;
    if (t != null) counts[t]++;
  }
  return counts;
}
