/**
 * The shares the demo stock is drawn with: category mix, shapes, weights, grades, labs,
 * availability. Weights are relative (they need not sum to 100).
 */
import {
  CLARITIES,
  COLOURS,
  FINISH_GRADES,
  type Clarity,
  type Colour,
  type FinishGrade,
  type Fluorescence,
} from '../../src/domain/grades.ts';

/** The three kinds of demo stone. */
export type StoneKind = 'natural' | 'lab' | 'parcel';
export type Table<T> = readonly (readonly [T, number])[];

export const KIND_MIX: Table<StoneKind> = [
  ['natural', 80],
  ['lab', 10],
  ['parcel', 10],
];

export const NATURAL_SHAPES: Table<string> = [
  ['Round', 55],
  ['Oval', 9],
  ['Cushion', 7],
  ['Emerald', 6],
  ['Princess', 5.5],
  ['Pear', 4.5],
  ['Radiant', 4],
  ['Marquise', 2.5],
  ['Asscher', 2],
  ['Heart', 1.5],
  ['Trilliant', 1],
  ['Other', 2],
];
export const LAB_SHAPES: Table<string> = [
  ['Round', 42],
  ['Oval', 16],
  ['Emerald', 11],
  ['Radiant', 8],
  ['Cushion', 7],
  ['Pear', 6],
  ['Princess', 3],
  ['Marquise', 2.5],
  ['Asscher', 2],
  ['Heart', 1.5],
  ['Other', 1],
];
/** Shapes outside the catalogue's list: the catalogue counts them as "other". */
export const UNLISTED_SHAPES = ['Shield', 'Kite', 'Half Moon', 'Hexagonal', 'Old Mine', 'Briolette'] as const;
export const PARCEL_SHAPE_MIX: Table<string> = [
  ['Round', 58],
  ['Princess', 8],
  ['Baguette', 7],
  ['Tapered', 4],
  ['Old Cut/European Cut', 3],
  ['Marquise', 3],
  ['Pear', 3],
  ['Oval', 3],
  ['Emerald', 2],
  ['Heart', 1.5],
  ['Trilliant', 1.5],
  ['Trapezoid', 1.5],
  ['Cushion', 1.5],
  ['Asscher', 1],
  ['Radiant', 1],
];

/** [lower, upper] carat brackets with the share of stock in each (trade sizes cluster). */
export const WEIGHT_BANDS: Table<readonly [number, number]> = [
  [[0.18, 0.29], 6],
  [[0.3, 0.39], 12],
  [[0.4, 0.49], 8],
  [[0.5, 0.69], 16],
  [[0.7, 0.89], 13],
  [[0.9, 0.99], 7],
  [[1.0, 1.49], 18],
  [[1.5, 1.99], 8],
  [[2.0, 2.99], 6.5],
  [[3.0, 3.99], 2.5],
  [[4.0, 4.99], 1.2],
  [[5.0, 10.2], 1.3],
];
export const LAB_WEIGHT_BANDS: Table<readonly [number, number]> = [
  [[0.5, 0.69], 8],
  [[0.7, 0.99], 12],
  [[1.0, 1.49], 26],
  [[1.5, 1.99], 18],
  [[2.0, 2.99], 20],
  [[3.0, 3.99], 9],
  [[4.0, 5.99], 5],
  [[6.0, 8.5], 2],
];

const tableOf = <T extends string>(scale: readonly T[], weights: readonly number[]): Table<T> =>
  scale.map((label, i) => [label, weights[i] ?? 0] as const);

export const NATURAL_COLOUR = tableOf<Colour>(COLOURS, [6, 10, 14, 17, 16, 13, 10, 7, 4, 3]);
export const LAB_COLOUR = tableOf<Colour>(COLOURS, [18, 26, 25, 17, 9, 5, 0, 0, 0, 0]);
export const NATURAL_CLARITY = tableOf<Clarity>(CLARITIES, [0.5, 3, 6, 9, 17, 20, 19, 14, 3, 5, 2, 1.5]);
export const LAB_CLARITY = tableOf<Clarity>(CLARITIES, [0, 2, 15, 25, 30, 19, 8, 1, 0, 0, 0, 0]);
export const CUT = tableOf<FinishGrade>(FINISH_GRADES, [60, 28, 10, 2, 0]);
export const FINISH = tableOf<FinishGrade>(FINISH_GRADES, [55, 35, 9, 1, 0]);
export const LAB_FINISH = tableOf<FinishGrade>(FINISH_GRADES, [84, 15, 1, 0, 0]);
export const FLUORESCENCE: Table<Fluorescence> = [
  ['None', 60],
  ['Faint', 18],
  ['Slight', 2],
  ['V. Slight', 1.5],
  ['Medium', 12],
  ['Strong', 5],
  ['V. Strong', 1.5],
];
export const LAB_FLUORESCENCE: Table<Fluorescence> = [
  ['None', 92],
  ['Faint', 8],
];
export const NATURAL_LABS: Table<string> = [
  ['GIA', 55],
  ['IGI', 18],
  ['HRD', 9],
  ['IIDGR', 8],
  ['EGL', 5],
  ['', 5],
];
export const LAB_LABS: Table<string> = [
  ['IGI', 76],
  ['GIA', 14],
  ['HRD', 5],
  ['', 5],
];
export const AVAILABILITY: Table<number> = [
  [1, 85],
  [2, 10],
  [3, 5],
];

export const COMMENTS = [
  'Eye clean.',
  'Excellent light return, very lively stone.',
  'Laser inscribed on the girdle.',
  'Natural on the girdle, not visible face up.',
  'Pair available: ask for the matching stone.',
  'Faint brown tint, priced accordingly.',
  'Crystal inclusion under one bezel facet, eye clean.',
  'Certificate in hand; stone in our London office.',
  'Recut from an old stock stone.',
  'Ideal for a solitaire; bright and well spread.',
] as const;

export const PARCEL_COLOUR_FROM = tableOf<Colour>(COLOURS, [8, 10, 14, 18, 16, 12, 10, 8, 4, 0]);
export const PARCEL_CLARITY_FROM = tableOf<Clarity>(CLARITIES, [0, 2, 8, 10, 18, 16, 16, 12, 4, 10, 4, 0]);
