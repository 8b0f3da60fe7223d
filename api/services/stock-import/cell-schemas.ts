/**
 * The rules of one stock-file cell, as valibot schemas: each takes the trimmed cell text and
 * gives the stored value, or fails with the message the admin sees next to the column.
 * Rules that look at more than one cell (a new stone's required fields, the price a parcel
 * or a single stone needs, Size To against Size From) are in validate.ts.
 */
import * as v from 'valibot';
import type { RangeField } from './headers.ts';
import {
  AVAILABILITY_WORDS,
  GRADE_SCALES,
  LAB_WORDS,
  NATURAL_WORDS,
  PARCEL_WORDS,
  SHAPE_CODES,
  SINGLE_WORDS,
  norm,
  readNumber,
  titleCase,
} from './vocabulary.ts';

export type CellSchema<T> = v.GenericSchema<string, T>;

/** a cell its rule could not read, kept to be named in the message */
class Unread {
  readonly cell: string;
  constructor(cell: string) {
    this.cell = cell;
  }
}
/** a read that fails with `message(cell)` when `read` answers undefined */
const reading = <T>(read: (s: string) => T | undefined, message: (s: string) => string): CellSchema<T> =>
  v.pipe(
    v.string(),
    v.transform((s) => {
      const out = read(s);
      return out === undefined ? new Unread(s) : out;
    }),
    v.check(
      (out) => !(out instanceof Unread),
      (issue) => message((issue.input as Unread).cell),
    ),
  ) as CellSchema<T>;

/** a number between min and max (lenient reading: '1,234', '$5', '62%'); an empty cell is null */
export const numberCell = (label: string, min: number, max: number): CellSchema<number | null> =>
  v.pipe(
    reading(
      (s) => {
        const n = readNumber(s);
        return Number.isNaN(n) ? undefined : n;
      },
      (s) => `${label} must be a number, not "${s}"`,
    ),
    v.check((n) => n == null || (n >= min && n <= max), `${label} must be between ${min} and ${max}`),
  );

/** an amount in cents, from 0 to 100,000,000 in the file's currency */
export const centsCell = (label: string): CellSchema<number | null> =>
  v.pipe(
    numberCell(label, 0, 100_000_000),
    v.transform((n) => (n == null ? n : Math.round(n * 100))),
  );

/** free text of at most `max` characters */
export const textCell = (label: string, max: number): CellSchema<string> =>
  v.pipe(v.string(), v.maxLength(max, `${label} must be at most ${max} characters`));

export const stockCodeCell: CellSchema<string> = v.pipe(
  v.string(),
  v.minLength(1, 'The stock code is required'),
  v.maxLength(40, 'The stock code must be letters, digits, - _ . / (at most 40)'),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'The stock code must be letters, digits, - _ . / (at most 40)'),
);

export type CatType = 'Single Item' | 'Multiple Items';
export const catTypeCell: CellSchema<CatType> = reading(
  (s) => (SINGLE_WORDS.has(norm(s)) ? 'Single Item' : PARCEL_WORDS.has(norm(s)) ? 'Multiple Items' : undefined),
  () => "The type must be 'Single Item' or 'Multiple Items'",
);

/** '' for a natural stone, 'Lab Grown' for a grown one */
export const sourceCell: CellSchema<string> = reading(
  (s) => (NATURAL_WORDS.has(norm(s)) ? '' : LAB_WORDS.has(norm(s)) ? 'Lab Grown' : undefined),
  () => "Source must be 'Lab Grown' or empty (natural)",
);

/** a shape code (RB, PS) as its name; any other name title-cased */
export const shapeCell: CellSchema<string> = v.pipe(
  v.string(),
  v.minLength(1, 'The shape is required'),
  v.maxLength(40, 'The shape must be at most 40 characters'),
  v.transform((s) => SHAPE_CODES[norm(s)] ?? titleCase(s)),
);

/** carats, rounded to two decimals; required once the column is there */
export const weightCell: CellSchema<number> = v.pipe(
  numberCell('The weight', 0.001, 10_000),
  v.check((n) => n != null, 'The weight (carats) is required'),
  v.transform((n) => Math.round(n! * 100) / 100),
);

/** the grading lab, upper-cased */
export const certLabCell: CellSchema<string> = v.pipe(
  v.string(),
  v.transform((s) => s.toUpperCase()),
  v.maxLength(20, 'The lab must be at most 20 characters'),
);

export const availabilityCell: CellSchema<number> = reading(
  (s) => AVAILABILITY_WORDS[norm(s)],
  () => 'Availability must be 1 (now), 2 (later) or 3 (on demand)',
);

export type Measurements = { mes1: number | null; mes2: number | null; mes3: number | null };
/** 'L x W x D' in mm (x, * or ×; 'mm' ignored), or 'Lmin-Lmax x D'; each 0 to 100; empty is none */
function readMeasurements(cell: string): Measurements | undefined {
  const raw = cell.toLowerCase().replace(/mm/g, '');
  if (raw.trim() === '') return { mes1: null, mes2: null, mes3: null };
  const parts = raw.split(/\s*[x*×]\s*/);
  const first = parts[0]?.split(/\s*-\s*/) ?? [];
  const nums = (first.length === 2 && parts.length === 2 ? [...first, parts[1]!] : parts).map((p) =>
    readNumber(p ?? ''),
  );
  if (nums.length !== 3 || nums.some((n) => n == null || Number.isNaN(n) || n < 0 || n > 100)) return undefined;
  return { mes1: nums[0]!, mes2: nums[1]!, mes3: nums[2]! };
}
export const measurementsCell: CellSchema<Measurements> = reading(
  readMeasurements,
  (s) => `Measurements must read "L x W x D" in mm, not "${s}"`,
);

/** a graded range: the better grade first, with the ranks */
export type GradeRange = { from: string | null; to: string | null; fromRank: number | null; toRank: number | null };
/** the two ends of a range as written, in one column ('G-H', 'VG to EX') or two */
export type RangeEnds = { from: string; to: string };

/** 'G', 'G-H', 'G – H' or 'VG to EX' -> its two ends (one grade is both); more than two parts fail */
export const rangeTextCell = (f: RangeField): CellSchema<RangeEnds> =>
  reading(
    (s) => {
      const parts = s.split(/\s+to\s+|\s*[-–]\s*/i).filter((p) => p !== '');
      return parts.length > 2 ? undefined : { from: parts[0] ?? '', to: parts[1] ?? parts[0] ?? '' };
    },
    () => `${f} must be one grade or a range "From-To" of ${GRADE_SCALES[f].hint}`,
  );

/** Two ends -> a graded range: an empty end takes the other's grade; both empty is no grade. */
export const gradeRangeSchema = (f: RangeField): v.GenericSchema<RangeEnds, GradeRange> => {
  const g = GRADE_SCALES[f];
  return v.pipe(
    v.custom<RangeEnds>(() => true),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      let { from, to } = dataset.value;
      if (from === '') from = to;
      if (to === '') to = from;
      const a = from === '' ? null : g.read(from);
      const b = to === '' ? null : g.read(to);
      if ((from !== '' && a == null) || (to !== '' && b == null)) {
        addIssue({ message: `${f} must be ${g.hint}, not "${from === to ? from : `${from}-${to}`}"` });
        return NEVER;
      }
      const ra = a == null ? null : g.rank(a);
      const rb = b == null ? null : g.rank(b);
      const aIsBetter = g.lowRankIsBetter ? (ra ?? 0) <= (rb ?? 0) : (ra ?? 0) >= (rb ?? 0);
      return aIsBetter ? { from: a, to: b, fromRank: ra, toRank: rb } : { from: b, to: a, fromRank: rb, toRank: ra };
    }),
  ) as v.GenericSchema<RangeEnds, GradeRange>;
};
