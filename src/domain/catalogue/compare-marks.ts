/**
 * What the compare board marks: the attributes whose shown values differ between the stones,
 * and the best stone(s) of an attribute that has a best. Best follows the grade orders of
 * grades.ts as the stones carry them (each Range's `rank`): the highest colour and clarity
 * (lowest rank, D and FL), the best cut, polish and symmetry (highest rank, Excellent), and
 * the lowest price per carat. A graded range (a parcel's) counts by its middle. No stone is
 * best where every stone is equal, or where fewer than two stones have a value.
 */
import type { Range } from '../diamond.ts';

export type BestRule = 'colour' | 'clarity' | 'cut' | 'polish' | 'symmetry' | 'ppc';

/** Lower is better (colour, clarity, price per carat) or higher is (cut, polish, symmetry). */
export const BETTER: Record<BestRule, 'lower' | 'higher'> = {
  colour: 'lower',
  clarity: 'lower',
  cut: 'higher',
  polish: 'higher',
  symmetry: 'higher',
  ppc: 'lower',
};

/** A graded range's place on its scale: the middle of its ranks; null when not graded. */
export function gradeScore(range: Range | null | undefined): number | null {
  const r = range?.rank;
  if (!r || !Number.isFinite(r[0]) || !Number.isFinite(r[1]) || r[0] < 0 || r[1] < 0) return null;
  return (r[0] + r[1]) / 2;
}

/** The shown values differ: at least two stones, not all alike. */
export function differs(values: readonly string[]): boolean {
  return values.length > 1 && values.some((v) => v !== values[0]);
}

/** Positions of the best values (ties all best); none when all equal or under two values. */
export function bestPositions(values: readonly (number | null)[], better: 'lower' | 'higher'): number[] {
  const known = values.filter((v): v is number => v != null && Number.isFinite(v));
  if (known.length < 2) return [];
  const best = better === 'lower' ? Math.min(...known) : Math.max(...known);
  const worst = better === 'lower' ? Math.max(...known) : Math.min(...known);
  if (best === worst) return [];
  return values.flatMap((v, i) => (v === best ? [i] : []));
}
