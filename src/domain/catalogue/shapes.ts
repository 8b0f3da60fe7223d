/**
 * Shape matching for the shape filter.
 *
 * Singles and lab-grown stones use SINGLE_SHAPES, parcels use PARCEL_SHAPES. A stone's shape
 * is compared lowercased and trimmed; any shape not in the tab's list counts as 'other'.
 * A few spellings of the old/European cut are folded into the parcel list's
 * 'old cut/european cut' entry so a feed's variant spelling does not land in 'other'.
 */
import { PARCEL_SHAPES, SINGLE_SHAPES } from '../grades.ts';
import { isParcel, type CatType } from '../diamond.ts';

export type ShapeList = readonly string[];
export const OTHER_SHAPE = 'other';

const ALIASES: Record<string, string> = {
  'old cut': 'old cut/european cut',
  'european cut': 'old cut/european cut',
  'old european cut': 'old cut/european cut',
  'old cut / european cut': 'old cut/european cut',
  'old-cut': 'old cut/european cut',
  'tapered baguette': 'tapered',
};

/** The shape list a category filters by. */
export function shapeListFor(catType: CatType): ShapeList {
  return isParcel(catType) ? PARCEL_SHAPES : SINGLE_SHAPES;
}

/** Lowercased, trimmed, inner whitespace collapsed. */
export function normaliseShape(shape: string | null | undefined): string {
  return (shape ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
}

/** The entry of `list` a shape falls under: itself when listed, else 'other'. */
export function shapeKey(shape: string | null | undefined, list: ShapeList): string {
  const s = normaliseShape(shape);
  const key = ALIASES[s] ?? s;
  return key !== OTHER_SHAPE && list.includes(key) ? key : OTHER_SHAPE;
}

/** Index of the shape's entry in `list` ('other' is always the last entry of both lists). */
export function shapeIndex(shape: string | null | undefined, list: ShapeList): number {
  return list.indexOf(shapeKey(shape, list));
}

/** True when a stone of this shape passes a shape filter (an empty selection passes all). */
export function matchesShapes(shape: string | null | undefined, selected: readonly string[], list: ShapeList): boolean {
  if (selected.length === 0) return true;
  return selected.includes(shapeKey(shape, list));
}

/** Keeps the known entries of a selection, lowercased, in list order, without duplicates. */
export function cleanShapeSelection(selected: readonly string[], list: ShapeList): string[] {
  const wanted = new Set(selected.map(normaliseShape).map((s) => ALIASES[s] ?? s));
  return list.filter((s) => wanted.has(s));
}
