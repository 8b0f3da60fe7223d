/**
 * The words trade feeds use for the stock fields, read leniently: grade abbreviations
 * (VG, VSL), shape codes (RB, PS), type and source words, availability words, and numbers
 * with thousands separators, currency and percent signs. Matching ignores case, spaces and dots.
 */
import {
  CLARITIES,
  COLOURS,
  FINISH_ABBREVIATIONS,
  FINISH_GRADES,
  FLUORESCENCES,
  clarityRank,
  colourRank,
  finishRank,
  fluorescenceRank,
} from '../../../src/domain/grades.ts';
import type { RangeField } from './headers.ts';

/** 'v. slight' -> 'VSLIGHT': the key every word list below is written in */
export const norm = (s: string) => s.toUpperCase().replace(/[\s.]+/g, '');

const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** '1,234.50', '$1234.5', '62.3%' -> number; '' -> null; anything else -> NaN */
export function readNumber(raw: string): number | null {
  const s = raw.trim().replace(/[,$£€\s%]/g, '');
  if (s === '') return null;
  return NUMBER.test(s) ? Number(s) : Number.NaN;
}

const FINISH_MAP = new Map<string, string>();
FINISH_GRADES.forEach((g, i) => {
  FINISH_MAP.set(norm(g), g);
  FINISH_MAP.set(norm(FINISH_ABBREVIATIONS[i]!), g);
});
for (const [k, g] of [
  ['EXC', 'Excellent'],
  ['EX', 'Excellent'],
  ['ID', 'Excellent'],
  ['IDEAL', 'Excellent'],
  ['VGOOD', 'Very Good'],
  ['G', 'Good'],
  ['GOOD', 'Good'],
  ['F', 'Fair'],
  ['FR', 'Fair'],
  ['P', 'Poor'],
  ['PR', 'Poor'],
] as const) {
  FINISH_MAP.set(k, g);
}
const FLUOR_MAP = new Map<string, string>();
for (const [g, keys] of [
  ['None', ['NONE', 'NON', 'N', 'NIL', 'NO']],
  ['Faint', ['FAINT', 'FNT', 'FA', 'F']],
  ['Slight', ['SLIGHT', 'SL', 'SLT']],
  ['V. Slight', ['VSLIGHT', 'VERYSLIGHT', 'VSL', 'VSLT']],
  ['Medium', ['MEDIUM', 'MED', 'M']],
  ['Strong', ['STRONG', 'STG', 'SG', 'STR', 'S']],
  ['V. Strong', ['VSTRONG', 'VERYSTRONG', 'VSG', 'VST', 'VSTG']],
] as const) {
  for (const k of keys) FLUOR_MAP.set(k, g);
}
const COLOUR_SET = new Set<string>(COLOURS);
const CLARITY_SET = new Set<string>(CLARITIES);

/**
 * A grade scale: how a word reads as a grade (null: not one), its rank, the columns it
 * fills, the scale as the error names it, and which end of a range is the better grade.
 */
export type GradeScale = {
  read: (s: string) => string | null;
  rank: (l: string) => number | null;
  /** the four columns a range fills: xFrom, xTo, xFromRank, xToRank */
  keys: readonly [string, string, string, string];
  hint: string;
  /** colour and clarity rank 0 as the best grade; cut, polish, symmetry and fluorescence rank highest */
  lowRankIsBetter: boolean;
};
const readFinish = (s: string) => FINISH_MAP.get(norm(s)) ?? null;
const FINISH_HINT = 'Excellent, Very Good, Good, Fair, Poor';
const scale = (cols: string, read: GradeScale['read'], rank: GradeScale['rank'], hint: string, low = false) => ({
  read,
  rank,
  keys: [`${cols}From`, `${cols}To`, `${cols}FromRank`, `${cols}ToRank`] as const,
  hint,
  lowRankIsBetter: low,
});
export const GRADE_SCALES: Record<RangeField, GradeScale> = {
  Colour: scale('colour', (s) => (COLOUR_SET.has(norm(s)) ? norm(s) : null), colourRank, 'D to M', true),
  Clarity: scale('clarity', (s) => (CLARITY_SET.has(norm(s)) ? norm(s) : null), clarityRank, 'FL to I3', true),
  Cut: scale('cut', readFinish, finishRank, FINISH_HINT),
  Polish: scale('polish', readFinish, finishRank, FINISH_HINT),
  Symmetry: scale('symmetry', readFinish, finishRank, FINISH_HINT),
  flourecence: scale('fluorescence', (s) => FLUOR_MAP.get(norm(s)) ?? null, fluorescenceRank, FLUORESCENCES.join(', ')),
};

export const SHAPE_CODES: Record<string, string> = {
  RD: 'Round',
  RB: 'Round',
  BR: 'Round',
  RBC: 'Round',
  ROUND: 'Round',
  OV: 'Oval',
  OVAL: 'Oval',
  CU: 'Cushion',
  CUS: 'Cushion',
  CUSH: 'Cushion',
  EM: 'Emerald',
  EC: 'Emerald',
  PR: 'Princess',
  PRN: 'Princess',
  PRIN: 'Princess',
  PS: 'Pear',
  PEAR: 'Pear',
  MQ: 'Marquise',
  MQS: 'Marquise',
  RA: 'Radiant',
  RAD: 'Radiant',
  HS: 'Heart',
  HT: 'Heart',
  HRT: 'Heart',
  AS: 'Asscher',
  ASC: 'Asscher',
  TR: 'Trilliant',
  TRI: 'Trilliant',
  BAG: 'Baguette',
  TB: 'Tapered',
  OEC: 'Old Cut/European Cut',
};
/** 'old miner-cut' -> 'Old Miner-Cut' */
export const titleCase = (s: string) =>
  s.toLowerCase().replace(/(^|[\s/-])([a-z])/g, (_, p: string, c: string) => p + c.toUpperCase());

export const SINGLE_WORDS = new Set(['SINGLEITEM', 'SINGLE', 'STONE', 'S', 'SINGLES']);
export const PARCEL_WORDS = new Set(['MULTIPLEITEMS', 'MULTIPLE', 'PARCEL', 'PARCELS', 'P', 'LOT', 'M']);
export const NATURAL_WORDS = new Set(['', 'NATURAL', 'MINED', 'N', 'EARTHMINED']);
export const LAB_WORDS = new Set(['LABGROWN', 'LAB', 'LGD', 'CVD', 'HPHT', 'SYNTHETIC', 'LG', 'LABCREATED']);
/** availability 1 = now, 2 = later, 3 = on demand; an empty cell is now */
export const AVAILABILITY_WORDS: Record<string, number> = {
  '': 1,
  '1': 1,
  '2': 2,
  '3': 3,
  NOW: 1,
  IMMEDIATELY: 1,
  LATER: 2,
  ONDEMAND: 3,
  DEMAND: 3,
};
