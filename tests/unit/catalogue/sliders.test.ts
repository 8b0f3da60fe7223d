import { describe, expect, it } from 'vitest';
import {
  applyRangeInput,
  clampRange,
  finishPositionToRank,
  finishRanksToSlider,
  finishRankToPosition,
  finishSliderToRanks,
  fluorescencePositionToRank,
  fluorescenceRanksToSlider,
  fluorescenceRankToPosition,
  fluorescenceSliderToRanks,
  parseNumericInput,
  priceBoxText,
  priceHasNoUpperBound,
  pricePositionToValue,
  priceSliderLabel,
  priceValueToPosition,
  DEPTH_LIMITS,
  TABLE_LIMITS,
} from '../../../src/domain/catalogue/index.ts';

describe('cut, polish and symmetry sliders', () => {
  it('slider positions 0, 25, 50, 75, 100 map to grade ranks 5 to 1', () => {
    expect([0, 25, 50, 75, 100].map(finishPositionToRank)).toEqual([5, 4, 3, 2, 1]);
    expect([5, 4, 3, 2, 1].map(finishRankToPosition)).toEqual([0, 25, 50, 75, 100]);
  });
  it('a position between marks snaps to the nearest mark', () => {
    expect(finishPositionToRank(30)).toBe(4);
    expect(finishPositionToRank(40)).toBe(3);
  });
  it('handles at 0 and 25 give the rank range 4-5 (Excellent to Very Good), and back', () => {
    expect(finishSliderToRanks([0, 25])).toEqual([4, 5]);
    expect(finishRanksToSlider([4, 5])).toEqual([0, 25]);
  });
});

describe('fluorescence slider', () => {
  it('positions 0, 25, 60, 95, 125, 155, 195 map to 1 to 7', () => {
    expect([0, 25, 60, 95, 125, 155, 195].map(fluorescencePositionToRank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect([1, 2, 3, 4, 5, 6, 7].map(fluorescenceRankToPosition)).toEqual([0, 25, 60, 95, 125, 155, 195]);
  });
  it('handles at 25 and 125 give Faint to Medium (ranks 2-5), and back', () => {
    expect(fluorescenceSliderToRanks([25, 125])).toEqual([2, 5]);
    expect(fluorescenceRanksToSlider([2, 5])).toEqual([25, 125]);
  });
});

describe('price slider', () => {
  it('price slider runs 0 to 100, 1 at 0, 5,000 at 80 and 50,000 at 100', () => {
    expect(pricePositionToValue(0)).toBe(1);
    expect(pricePositionToValue(80)).toBe(5000);
    expect(pricePositionToValue(100)).toBe(50_000);
  });
  it('is piecewise linear: 62.5 a step below 80, 2,250 a step above', () => {
    expect([1, 8, 16, 40, 79].map(pricePositionToValue)).toEqual([63, 500, 1000, 2500, 4938]);
    expect([81, 90, 99].map(pricePositionToValue)).toEqual([7250, 27_500, 47_750]);
  });
  it('is monotone over every position', () => {
    for (let p = 1; p <= 100; p++) expect(pricePositionToValue(p)).toBeGreaterThan(pricePositionToValue(p - 1));
  });
  it('value to position is the inverse', () => {
    for (let p = 0; p <= 100; p++)
      expect(priceValueToPosition(pricePositionToValue(p))).toBeCloseTo(p === 0 ? 0 : p, 1);
    expect(priceValueToPosition(2500)).toBe(40);
    expect(priceValueToPosition(27_500)).toBe(90);
    expect(priceValueToPosition(1_000_000)).toBe(100);
  });
  it("the top shows '50k>' and means no upper bound", () => {
    expect(priceSliderLabel(100)).toBe('50k>');
    expect(priceSliderLabel(80)).toBe('5,000');
    expect(priceHasNoUpperBound(50_000)).toBe(true);
    expect(priceHasNoUpperBound(47_750)).toBe(false);
  });
  it("the price 'to' box reads '50k>' at the top too, not 50000", () => {
    expect(priceBoxText(50_000)).toBe('50k>');
    expect(priceBoxText(47_750)).toBe('47750');
    expect(priceBoxText(1)).toBe('1');
  });
  it('out-of-range positions are clamped', () => {
    expect(pricePositionToValue(-5)).toBe(1);
    expect(pricePositionToValue(250)).toBe(50_000);
    expect(pricePositionToValue(Number.NaN)).toBe(1);
  });
});

describe('numeric inputs', () => {
  const weightBounds = [0.18, 10.05] as const;
  it('an empty input is ignored', () => {
    expect(applyRangeInput([0.5, 2], 'from', '', weightBounds)).toEqual([0.5, 2]);
    expect(applyRangeInput([0.5, 2], 'to', '   ', weightBounds)).toEqual([0.5, 2]);
    expect(applyRangeInput([0.5, 2], 'to', 'abc', weightBounds)).toEqual([0.5, 2]);
  });
  it("a 'from' value cannot go below the minimum", () => {
    expect(applyRangeInput([0.5, 2], 'from', '0.01', weightBounds)).toEqual([0.18, 2]);
  });
  it("a 'to' value cannot exceed the maximum", () => {
    expect(applyRangeInput([0.5, 2], 'to', '99', weightBounds)).toEqual([0.5, 10.05]);
  });
  it('weight step 0.01 ct: typed values round to 2 decimals, decimal comma accepted', () => {
    expect(applyRangeInput([0.5, 2], 'from', '0.755', weightBounds)).toEqual([0.76, 2]);
    expect(applyRangeInput([0.5, 2], 'to', '1,25', weightBounds)).toEqual([0.5, 1.25]);
  });
  it('when one end passes the other, the other end follows', () => {
    expect(applyRangeInput([0.5, 2], 'from', '3', weightBounds)).toEqual([3, 3]);
    expect(applyRangeInput([0.5, 2], 'to', '0.3', weightBounds)).toEqual([0.3, 0.3]);
  });
  it('depth limited to 1-100 %, table to 0-100 %', () => {
    expect(applyRangeInput(DEPTH_LIMITS, 'from', '0', DEPTH_LIMITS)).toEqual([1, 100]);
    expect(applyRangeInput(TABLE_LIMITS, 'to', '120', TABLE_LIMITS)).toEqual([0, 100]);
    expect(clampRange([120, -3], TABLE_LIMITS)).toEqual([0, 100]);
  });
  it('parses numbers, refuses everything else', () => {
    expect(parseNumericInput(' 12.5 ')).toBe(12.5);
    expect(parseNumericInput('1e400')).toBeNull();
    expect(parseNumericInput(null)).toBeNull();
  });
});
