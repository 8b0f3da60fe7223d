/**
 * Slider positions <-> filter values, and the numeric inputs beside the sliders.
 *
 * - Colour and clarity sliders run over the grade ranks themselves (colour 0 D .. 9 M,
 *   clarity 0 FL .. 9 = CLARITY_SLIDER_MAX, meaning "I1 and below").
 * - Cut, polish, symmetry: positions 0, 25, 50, 75, 100 map to ranks 5 (Excellent) .. 1 (Poor).
 * - Fluorescence: positions 0, 25, 60, 95, 125, 155, 195 map to ranks 1 (None) .. 7 (V. Strong).
 *   A position between marks snaps to the nearest mark.
 * - Price (and ppc): positions 0..100, piecewise linear and monotone:
 *     position 0 -> 1, 0..80 -> 62.5 per step (8 -> 500, 16 -> 1,000, 40 -> 2,500, 80 -> 5,000),
 *     80..100 -> 2,250 per step (90 -> 27,500, 100 -> 50,000 shown '50k>').
 *   Values are whole currency units. An upper handle at 100 means no upper bound.
 * - Numeric inputs: an empty or non-numeric input is ignored; 'from' cannot go below the
 *   minimum, 'to' cannot exceed the maximum; values are rounded to the step (0.01 for
 *   weights and millimetres); if one end passes the other, the other end follows.
 */
import { CLARITY_SLIDER_MAX, COLOURS, FINISH_POSITIONS, FLUORESCENCE_POSITIONS } from '../grades.ts';
import { roundTo } from '../money.ts';

/** A closed range [from, to]. */
export type NumRange = readonly [number, number];

export const COLOUR_LIMITS: NumRange = [0, COLOURS.length - 1];
export const CLARITY_LIMITS: NumRange = [0, CLARITY_SLIDER_MAX];
export const FINISH_LIMITS: NumRange = [1, 5];
export const FLUORESCENCE_LIMITS: NumRange = [1, FLUORESCENCE_POSITIONS.length];
export const DEPTH_LIMITS: NumRange = [1, 100];
export const TABLE_LIMITS: NumRange = [0, 100];
export const WEIGHT_STEP = 0.01;
export const MEASUREMENT_STEP = 0.01;

export const PRICE_SLIDER_MIN = 0;
export const PRICE_SLIDER_MAX = 100;
export const PRICE_SLIDER_KNEE = 80;
export const PRICE_MIN_VALUE = 1;
export const PRICE_KNEE_VALUE = 5_000;
/** At the top of the slider: '50k>', no upper bound. */
export const PRICE_MAX_VALUE = 50_000;
export const PRICE_LIMITS: NumRange = [PRICE_MIN_VALUE, PRICE_MAX_VALUE];
export const PRICE_MAX_LABEL = '50k>';

const LOW_STEP = PRICE_KNEE_VALUE / PRICE_SLIDER_KNEE; // 62.5
const HIGH_STEP = (PRICE_MAX_VALUE - PRICE_KNEE_VALUE) / (PRICE_SLIDER_MAX - PRICE_SLIDER_KNEE); // 2250

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

function nearestMark(marks: readonly number[], position: number): number {
  let best = 0;
  for (let i = 1; i < marks.length; i++) {
    if (Math.abs((marks[i] ?? 0) - position) < Math.abs((marks[best] ?? 0) - position)) best = i;
  }
  return best;
}

// ---------------------------------------------------------------- cut, polish, symmetry

/** 0 -> 5 (Excellent), 25 -> 4, 50 -> 3, 75 -> 2, 100 -> 1 (Poor). */
export function finishPositionToRank(position: number): number {
  return FINISH_POSITIONS.length - nearestMark(FINISH_POSITIONS, position);
}

export function finishRankToPosition(rank: number): number {
  const i = FINISH_POSITIONS.length - clamp(Math.round(rank), 1, FINISH_POSITIONS.length);
  return FINISH_POSITIONS[i] ?? 0;
}

/** Slider handles -> rank range [low, high] (the handles run from high rank to low rank). */
export function finishSliderToRanks(positions: NumRange): NumRange {
  const a = finishPositionToRank(positions[0]);
  const b = finishPositionToRank(positions[1]);
  return a <= b ? [a, b] : [b, a];
}

export function finishRanksToSlider(ranks: NumRange): NumRange {
  const a = finishRankToPosition(ranks[0]);
  const b = finishRankToPosition(ranks[1]);
  return a <= b ? [a, b] : [b, a];
}

// ---------------------------------------------------------------- fluorescence

/** 0 -> 1 (None), 25 -> 2, 60 -> 3, 95 -> 4, 125 -> 5, 155 -> 6, 195 -> 7 (V. Strong). */
export function fluorescencePositionToRank(position: number): number {
  return nearestMark(FLUORESCENCE_POSITIONS, position) + 1;
}

export function fluorescenceRankToPosition(rank: number): number {
  const i = clamp(Math.round(rank), 1, FLUORESCENCE_POSITIONS.length) - 1;
  return FLUORESCENCE_POSITIONS[i] ?? 0;
}

export function fluorescenceSliderToRanks(positions: NumRange): NumRange {
  const a = fluorescencePositionToRank(positions[0]);
  const b = fluorescencePositionToRank(positions[1]);
  return a <= b ? [a, b] : [b, a];
}

export function fluorescenceRanksToSlider(ranks: NumRange): NumRange {
  return [
    fluorescenceRankToPosition(Math.min(ranks[0], ranks[1])),
    fluorescenceRankToPosition(Math.max(ranks[0], ranks[1])),
  ];
}

// ---------------------------------------------------------------- price and ppc

/** Slider position (0..100) -> whole currency units (1 .. 5,000 at 80 .. 50,000 at 100). */
export function pricePositionToValue(position: number): number {
  const p = clamp(Number.isFinite(position) ? position : 0, PRICE_SLIDER_MIN, PRICE_SLIDER_MAX);
  if (p <= PRICE_SLIDER_KNEE) return Math.max(PRICE_MIN_VALUE, Math.round(p * LOW_STEP));
  return Math.round(PRICE_KNEE_VALUE + (p - PRICE_SLIDER_KNEE) * HIGH_STEP);
}

/** The inverse of pricePositionToValue (fractional positions for typed-in values). */
export function priceValueToPosition(value: number): number {
  if (!Number.isFinite(value) || value <= PRICE_MIN_VALUE) return PRICE_SLIDER_MIN;
  if (value >= PRICE_MAX_VALUE) return PRICE_SLIDER_MAX;
  if (value <= PRICE_KNEE_VALUE) return value / LOW_STEP;
  return PRICE_SLIDER_KNEE + (value - PRICE_KNEE_VALUE) / HIGH_STEP;
}

export function priceSliderToRange(positions: NumRange): NumRange {
  const a = pricePositionToValue(positions[0]);
  const b = pricePositionToValue(positions[1]);
  return a <= b ? [a, b] : [b, a];
}

export function priceRangeToSlider(range: NumRange): NumRange {
  return [priceValueToPosition(range[0]), priceValueToPosition(range[1])];
}

/** True when the upper handle is at the top: no upper price bound. */
export const priceHasNoUpperBound = (to: number) => to >= PRICE_MAX_VALUE;

const GROUPED = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
/** The value label of a price slider position: '5,000', or '50k>' at the top. */
export function priceSliderLabel(position: number): string {
  const v = pricePositionToValue(position);
  return priceHasNoUpperBound(v) ? PRICE_MAX_LABEL : GROUPED.format(v);
}

/** The text of a price 'to' box: '50k>' at the top (no upper bound, as the slider says), else the whole number. */
export function priceBoxText(value: number): string {
  return priceHasNoUpperBound(value) ? PRICE_MAX_LABEL : String(Math.round(value));
}

// ---------------------------------------------------------------- numeric inputs

/** Parses a typed number ('0.5', ' 1,25 ' with a decimal comma); null when empty or not a number. */
export function parseNumericInput(raw: string | number | null | undefined): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const s = (raw ?? '').trim().replace(',', '.');
  if (s === '') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/**
 * The range after typing `raw` into its 'from' or 'to' box: ignored when empty or not a
 * number, clamped to `bounds`, rounded to `decimals`; the other end follows if passed.
 */
export function applyRangeInput(
  current: NumRange,
  end: 'from' | 'to',
  raw: string | number | null | undefined,
  bounds: NumRange,
  decimals = 2,
): NumRange {
  const parsed = parseNumericInput(raw);
  if (parsed == null) return current;
  const v = clamp(roundTo(parsed, decimals), bounds[0], bounds[1]);
  if (end === 'from') return [v, Math.max(v, current[1])];
  return [Math.min(v, current[0]), v];
}

/** Clamps both ends of a range into `bounds`, ordered; a non-finite end takes the bound. */
export function clampRange(range: NumRange, bounds: NumRange): NumRange {
  const a = Number.isFinite(range[0]) ? clamp(range[0], bounds[0], bounds[1]) : bounds[0];
  const b = Number.isFinite(range[1]) ? clamp(range[1], bounds[0], bounds[1]) : bounds[1];
  return a <= b ? [a, b] : [b, a];
}
