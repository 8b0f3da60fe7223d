/**
 * Grading scales and their numeric ranks, shared by the seed, the API and the catalogue.
 *
 * - Colour D..M and clarity FL..I3 rank by their index (0 = best). The clarity slider ends at
 *   rank 9 (I1), meaning "I1 and below": an upper bound applies only below 9.
 * - Cut, polish and symmetry rank 5 (Excellent) .. 1 (Poor): slider positions 0, 25, 50, 75,
 *   100 map to ranks 5..1.
 * - Fluorescence ranks 1 (None) .. 7 (V. Strong): positions 0, 25, 60, 95, 125, 155, 195.
 */
export const COLOURS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M'] as const;
export const CLARITIES = ['FL', 'IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2', 'SI3', 'I1', 'I2', 'I3'] as const;
export const CLARITY_SLIDER_MAX = 9;
export const FINISH_GRADES = ['Excellent', 'Very Good', 'Good', 'Fair', 'Poor'] as const;
export const FINISH_ABBREVIATIONS = ['EX', 'VG', 'GD', 'FAR', 'POR'] as const;
export const FINISH_POSITIONS = [0, 25, 50, 75, 100] as const;
export const FLUORESCENCES = ['None', 'Faint', 'Slight', 'V. Slight', 'Medium', 'Strong', 'V. Strong'] as const;
export const FLUORESCENCE_ABBREVIATIONS = ['NON', 'FNT', 'SL', 'VSL', 'MED', 'SG', 'VSG'] as const;
export const FLUORESCENCE_POSITIONS = [0, 25, 60, 95, 125, 155, 195] as const;
export const GRADING_LABS = ['GIA', 'IGI', 'IIDGR', 'HRD', 'EGL'] as const;

export const SINGLE_SHAPES = [
  'round',
  'marquise',
  'emerald',
  'radiant',
  'pear',
  'princess',
  'oval',
  'trilliant',
  'heart',
  'asscher',
  'cushion',
  'other',
] as const;
export const PARCEL_SHAPES = [
  'round',
  'princess',
  'emerald',
  'radiant',
  'asscher',
  'cushion',
  'pear',
  'oval',
  'marquise',
  'heart',
  'baguette',
  'tapered',
  'old cut/european cut',
  'trilliant',
  'trapezoid',
  'other',
] as const;

export type Colour = (typeof COLOURS)[number];
export type Clarity = (typeof CLARITIES)[number];
export type FinishGrade = (typeof FINISH_GRADES)[number];
export type Fluorescence = (typeof FLUORESCENCES)[number];

const indexOf = (scale: readonly string[], label: string | null | undefined): number | null => {
  if (label == null) return null;
  const i = scale.indexOf(label);
  return i < 0 ? null : i;
};

export const colourRank = (label: string | null | undefined) => indexOf(COLOURS, label);
export const clarityRank = (label: string | null | undefined) => indexOf(CLARITIES, label);
/** Excellent 5 .. Poor 1 */
export const finishRank = (label: string | null | undefined) => {
  const i = indexOf(FINISH_GRADES, label);
  return i == null ? null : FINISH_GRADES.length - i;
};
/** None 1 .. V. Strong 7 */
export const fluorescenceRank = (label: string | null | undefined) => {
  const i = indexOf(FLUORESCENCES, label);
  return i == null ? null : i + 1;
};

export type Mark = { value: number; label: string };
export const marksColour: Mark[] = COLOURS.map((label, value) => ({ value, label }));
export const marksClarity: Mark[] = CLARITIES.slice(0, CLARITY_SLIDER_MAX + 1).map((label, value) => ({
  value,
  label,
}));
