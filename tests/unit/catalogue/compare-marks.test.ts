/**
 * Compare marks: differing attributes, and the best stone of each attribute by the grade
 * orders (highest colour and clarity, best cut/polish/symmetry, lowest price per carat).
 */
import { describe, expect, it } from 'vitest';
import { bestPositions, BETTER, differs, gradeScore } from '../../../src/domain/catalogue/compare-marks.ts';
import { clarityRank, colourRank, finishRank } from '../../../src/domain/grades.ts';

const graded = (rank: (l: string) => number | null, from: string, to = from) => ({
  From: from,
  To: to,
  rank: [rank(from)!, rank(to)!] as [number, number],
});
const colour = (l: string, to?: string) => graded(colourRank, l, to);
const clarity = (l: string) => graded(clarityRank, l);
const finish = (l: string) => graded(finishRank, l);
const best = (rule: keyof typeof BETTER, scores: (number | null)[]) => bestPositions(scores, BETTER[rule]);

describe('differs', () => {
  it('is true when any shown value differs from another', () => {
    expect(differs(['G', 'G', 'H'])).toBe(true);
    expect(differs(['G', 'G', 'G'])).toBe(false);
  });
  it('is false for a single stone', () => {
    expect(differs(['G'])).toBe(false);
  });
});

describe('best of each attribute', () => {
  it('marks the highest colour: D beats G beats J', () => {
    expect(best('colour', [colour('G'), colour('D'), colour('J')].map(gradeScore))).toEqual([1]);
  });
  it('marks the highest clarity: VVS1 beats VS2 and SI1', () => {
    expect(best('clarity', [clarity('VS2'), clarity('SI1'), clarity('VVS1')].map(gradeScore))).toEqual([2]);
  });
  it('marks the best cut, polish and symmetry: Excellent over Very Good, ties all best', () => {
    const scores = [finish('Very Good'), finish('Excellent'), finish('Excellent'), finish('Good')].map(gradeScore);
    expect(best('cut', scores)).toEqual([1, 2]);
    expect(best('polish', scores)).toEqual([1, 2]);
    expect(best('symmetry', scores)).toEqual([1, 2]);
  });
  it('marks the lowest price per carat', () => {
    expect(best('ppc', [5200, 4100.5, 6100])).toEqual([1]);
  });
  it('marks none where every stone is equal', () => {
    expect(best('colour', [colour('F'), colour('F')].map(gradeScore))).toEqual([]);
    expect(best('ppc', [4000, 4000])).toEqual([]);
  });
  it('leaves out stones without a value, and needs two values', () => {
    expect(best('cut', [null, finish('Good'), finish('Very Good')].map(gradeScore))).toEqual([2]);
    expect(best('cut', [null, finish('Good')].map(gradeScore))).toEqual([]);
    // one priced stone against unpriced ones is not "best"
    expect(best('ppc', [null, 4000, null])).toEqual([]);
  });
  it('counts a graded range by its middle', () => {
    expect(gradeScore(colour('D', 'F'))).toBe(1);
    expect(best('colour', [colour('D', 'H'), colour('E')].map(gradeScore))).toEqual([1]);
  });
});
