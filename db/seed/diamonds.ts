/**
 * Demo stock: ~80 % natural single stones, ~10 % lab-grown singles, ~10 % parcels, drawn
 * deterministically (stone i always comes from the same PRNG stream, see random.ts).
 *
 * Stored as the schema's rows (`NewDiamond`): range fields as From/To labels with ranks from
 * grades.ts; singles have From = To. Prices: `priceCents`/`exWebTotalCents`/`webSpecialCents`
 * in USD cents for singles, `ppcCents` in GBP pence for parcels (which have no USD price, no
 * RAP and no special offer: a parcel is priced per carat).
 */
import type { NewDiamond } from '../tables.ts';
import {
  CLARITIES,
  COLOURS,
  FINISH_ABBREVIATIONS,
  FINISH_GRADES,
  clarityRank,
  colourRank,
  finishRank,
  fluorescenceRank,
  type Clarity,
  type Colour,
  type FinishGrade,
  type Fluorescence,
} from '../../src/domain/grades.ts';
import { between, bell, chance, digits, intBetween, pick, round, streamFor, weighted, type Rng } from './random.ts';
import { PARCEL_SIZES, listPricePerCarat, parcelPricePerCarat, toWholeDollarCents } from './pricing.ts';
import { parcelMeasurements, proportionsFor } from './proportions.ts';
import {
  KIND_MIX,
  NATURAL_SHAPES,
  LAB_SHAPES,
  UNLISTED_SHAPES,
  PARCEL_SHAPE_MIX,
  WEIGHT_BANDS,
  LAB_WEIGHT_BANDS,
  NATURAL_COLOUR,
  LAB_COLOUR,
  NATURAL_CLARITY,
  LAB_CLARITY,
  CUT,
  FINISH,
  LAB_FINISH,
  FLUORESCENCE,
  LAB_FLUORESCENCE,
  NATURAL_LABS,
  LAB_LABS,
  AVAILABILITY,
  COMMENTS,
  PARCEL_COLOUR_FROM,
  PARCEL_CLARITY_FROM,
  type StoneKind,
  type Table,
} from './distributions.ts';

export type { StoneKind } from './distributions.ts';
/** What media a stone should get once it has an id (see media.ts). */
export type MediaPlan = { gallery: 0 | 2 | 3; spin: boolean; certificate: boolean };
export type SeedStone = { kind: StoneKind; row: NewDiamond; media: MediaPlan };

/** createdAt of stone i is BASE_DATE + i minutes (deterministic, in stock order). */
export const BASE_DATE = Date.UTC(2026, 0, 1, 0, 0, 0);
export const CODE_PREFIX: Record<StoneKind, string> = { natural: 'FT-S-', lab: 'FT-L-', parcel: 'FT-P-' };
export const CAT_NAME: Record<StoneKind, string> = {
  natural: 'Diamonds',
  lab: 'Lab Grown Diamonds',
  parcel: 'Parcels',
};

/** Weight in a band, skewed to its lower end (stones are cut to just clear a size). */
function weightIn(rng: Rng, bands: Table<readonly [number, number]>): number {
  const [lo, hi] = weighted(rng, bands);
  return round(lo + (hi - lo) * rng() ** 1.8, 2);
}

const range = <T extends string>(from: T | null, to: T | null, rank: (l: string) => number | null) => ({
  from,
  to,
  fromRank: from == null ? null : rank(from),
  toRank: to == null ? null : rank(to),
});

function certificateNumber(rng: Rng, lab: string, kind: StoneKind): string {
  switch (lab) {
    case 'GIA':
      return digits(rng, 10);
    case 'IGI':
      return kind === 'lab' ? `LG${digits(rng, 9)}` : digits(rng, 9);
    case 'HRD':
      return digits(rng, 9);
    case 'IIDGR':
      return digits(rng, 8);
    case 'EGL':
      return `US${digits(rng, 9)}`;
    default:
      return '';
  }
}

/** Discount below list: larger for weaker grades and strong fluorescence. */
function naturalRap(rng: Rng, colour: Colour, clarity: Clarity, fluor: Fluorescence): number {
  let rap = bell(rng, 31, 4.5);
  if (clarityRank(clarity)! >= 9) rap += 6;
  if (colourRank(colour)! >= 7) rap += 4;
  if (fluorescenceRank(fluor)! >= 5) rap += 5;
  if (colourRank(colour)! <= 2 && clarityRank(clarity)! <= 3) rap -= 4;
  return round(Math.min(45, Math.max(20, rap)), 1);
}

function singleStone(rng: Rng, kind: 'natural' | 'lab', code: string, createdAt: Date): NewDiamond {
  const lab = kind === 'lab';
  let shape = weighted(rng, lab ? LAB_SHAPES : NATURAL_SHAPES);
  if (shape === 'Other') shape = pick(rng, UNLISTED_SHAPES);
  const weight = weightIn(rng, lab ? LAB_WEIGHT_BANDS : WEIGHT_BANDS);
  const colour = weighted(rng, lab ? LAB_COLOUR : NATURAL_COLOUR);
  const clarity = weighted(rng, lab ? LAB_CLARITY : NATURAL_CLARITY);
  const isRound = shape === 'Round';
  const cut = isRound || chance(rng, 0.12) ? weighted(rng, lab ? LAB_FINISH : CUT) : null;
  const polish = weighted(rng, lab ? LAB_FINISH : FINISH);
  const symmetry = weighted(rng, lab ? LAB_FINISH : FINISH);
  const fluor = weighted(rng, lab ? LAB_FLUORESCENCE : FLUORESCENCE);
  const certLab = weighted(rng, lab ? LAB_LABS : NATURAL_LABS);
  const certNumber = certificateNumber(rng, certLab, kind);
  const p = proportionsFor(rng, shape, weight);

  const list = listPricePerCarat(weight, colour, clarity, shape) * weight;
  let rap = naturalRap(rng, colour, clarity, fluor);
  let usd = list * (1 - rap / 100);
  if (lab) {
    usd *= between(rng, 0.1, 0.2);
    rap = round((1 - usd / list) * 100, 1);
  }
  const priceCents = toWholeDollarCents(usd);
  const webSpecialCents = chance(rng, 0.03) ? toWholeDollarCents((priceCents / 100) * between(rng, 0.82, 0.93)) : 0;
  const comments = chance(rng, 0.12) ? pick(rng, COMMENTS) : '';

  const c = range(colour, colour, colourRank);
  const q = range(clarity, clarity, clarityRank);
  const ct = range(cut, cut, finishRank);
  const po = range(polish, polish, finishRank);
  const sy = range(symmetry, symmetry, finishRank);
  const fl = range(fluor, fluor, fluorescenceRank);
  const abbr = (g: FinishGrade | null) => (g ? FINISH_ABBREVIATIONS[FINISH_GRADES.indexOf(g)] : '-');
  const description =
    `${weight.toFixed(2)}ct ${shape} ${colour} ${clarity} ${abbr(cut)}/${abbr(polish)}/${abbr(symmetry)}` +
    (lab ? ' Lab Grown' : '') +
    (certLab ? ` ${certLab}` : '');

  return {
    stockCode: code,
    shape,
    catType: 'Single Item',
    catName: CAT_NAME[kind],
    source: lab ? 'Lab Grown' : '',
    description,
    weight,
    sieve: '',
    colourFrom: c.from,
    colourTo: c.to,
    colourFromRank: c.fromRank,
    colourToRank: c.toRank,
    clarityFrom: q.from,
    clarityTo: q.to,
    clarityFromRank: q.fromRank,
    clarityToRank: q.toRank,
    cutFrom: ct.from,
    cutTo: ct.to,
    cutFromRank: ct.fromRank,
    cutToRank: ct.toRank,
    polishFrom: po.from,
    polishTo: po.to,
    polishFromRank: po.fromRank,
    polishToRank: po.toRank,
    symmetryFrom: sy.from,
    symmetryTo: sy.to,
    symmetryFromRank: sy.fromRank,
    symmetryToRank: sy.toRank,
    fluorescenceFrom: fl.from,
    fluorescenceTo: fl.to,
    fluorescenceFromRank: fl.fromRank,
    fluorescenceToRank: fl.toRank,
    sizeFrom: null,
    sizeTo: null,
    certLab,
    certNumber,
    priceCents,
    ppcCents: null,
    exWebTotalCents: priceCents,
    webSpecialCents,
    rap,
    ...p,
    availability: weighted(rng, AVAILABILITY),
    comments,
    inStock: true,
    createdAt,
    updatedAt: createdAt,
  };
}

/** A graded range over a scale: From is the better end; To is 0-`maxSpan` grades lower. */
function scaleRange<T extends string>(rng: Rng, scale: readonly T[], fromTable: Table<T>, maxSpan: number): [T, T] {
  const from = weighted(rng, fromTable);
  const i = scale.indexOf(from);
  const span = chance(rng, 0.25) ? 0 : intBetween(rng, 1, maxSpan);
  return [from, scale[Math.min(scale.length - 1, i + span)] ?? from];
}

function parcel(rng: Rng, code: string, createdAt: Date): NewDiamond {
  const shape = weighted(rng, PARCEL_SHAPE_MIX);
  const size = pick(rng, PARCEL_SIZES);
  const [colourFrom, colourTo] = scaleRange(rng, COLOURS, PARCEL_COLOUR_FROM, 2);
  const [clarityFrom, clarityTo] = scaleRange(rng, CLARITIES, PARCEL_CLARITY_FROM, 3);
  const fluor: [Fluorescence, Fluorescence] | [null, null] = chance(rng, 0.6)
    ? ['None', chance(rng, 0.5) ? 'Faint' : 'None']
    : [null, null];
  const weight = round(size.from < 0.08 ? between(rng, 2, 60) : between(rng, 3, 25), 2);
  const gbp = parcelPricePerCarat(size.gbp, colourFrom, clarityFrom) * between(rng, 0.9, 1.1);
  const m = parcelMeasurements(rng, shape, size.mm);
  const c = range(colourFrom, colourTo, colourRank);
  const q = range(clarityFrom, clarityTo, clarityRank);
  const fl = range(fluor[0], fluor[1], fluorescenceRank);
  const sizeLabel = `${size.from}-${size.to}ct`;
  const grades = (a: string, b: string) => (a === b ? a : `${a}-${b}`);
  const description =
    `${shape} ${size.from < 0.08 ? 'melee ' : ''}${size.sieve ? `${size.sieve} ` : ''}(${sizeLabel}) ` +
    `${grades(colourFrom, colourTo)} ${grades(clarityFrom, clarityTo)}`;
  return {
    stockCode: code,
    shape,
    catType: 'Multiple Items',
    catName: CAT_NAME.parcel,
    source: '',
    description,
    weight,
    sieve: size.sieve,
    colourFrom: c.from,
    colourTo: c.to,
    colourFromRank: c.fromRank,
    colourToRank: c.toRank,
    clarityFrom: q.from,
    clarityTo: q.to,
    clarityFromRank: q.fromRank,
    clarityToRank: q.toRank,
    cutFrom: null,
    cutTo: null,
    cutFromRank: null,
    cutToRank: null,
    polishFrom: null,
    polishTo: null,
    polishFromRank: null,
    polishToRank: null,
    symmetryFrom: null,
    symmetryTo: null,
    symmetryFromRank: null,
    symmetryToRank: null,
    fluorescenceFrom: fl.from,
    fluorescenceTo: fl.to,
    fluorescenceFromRank: fl.fromRank,
    fluorescenceToRank: fl.toRank,
    sizeFrom: size.from,
    sizeTo: size.to,
    certLab: '',
    certNumber: '',
    priceCents: null,
    ppcCents: Math.round(gbp) * 100,
    exWebTotalCents: null,
    webSpecialCents: 0,
    rap: null,
    depthTotal: null,
    tablePct: null,
    culet: null,
    depthCrown: null,
    depthGirdle: null,
    depthPavilion: null,
    ...m,
    availability: weighted(rng, AVAILABILITY),
    comments: chance(rng, 0.1) ? 'Well matched, clean parcel; sample stones can be sent on request.' : '',
    inStock: true,
    createdAt,
    updatedAt: createdAt,
  };
}

/**
 * Media for a single stone: ~5 % of singles get a 2-3 image gallery, ~2 % a 360 set (rounds
 * only: there is one frame set, of a round), and certified stones with media, plus ~15 % of
 * the other certified stones, get the sample certificate PDF.
 */
function mediaPlan(rng: Rng, row: NewDiamond): MediaPlan {
  if (row.catType !== 'Single Item') return { gallery: 0, spin: false, certificate: false };
  const gallery = chance(rng, 0.05) ? (chance(rng, 0.5) ? 3 : 2) : 0;
  const spin = row.shape === 'Round' && chance(rng, 0.036);
  const certified = row.certLab !== '' && row.certNumber !== '';
  const certificate = certified && (gallery > 0 || spin || chance(rng, 0.15));
  return { gallery, spin, certificate };
}

/** Yields `count` stones in stock order; the same count always gives the same stones. */
export function* generateStones(count: number): Generator<SeedStone> {
  const counters: Record<StoneKind, number> = { natural: 0, lab: 0, parcel: 0 };
  for (let i = 0; i < count; i++) {
    const rng = streamFor(i);
    const kind = weighted(rng, KIND_MIX);
    counters[kind] += 1;
    const code = `${CODE_PREFIX[kind]}${String(counters[kind]).padStart(6, '0')}`;
    const createdAt = new Date(BASE_DATE + i * 60_000);
    const row = kind === 'parcel' ? parcel(rng, code, createdAt) : singleStone(rng, kind, code, createdAt);
    yield { kind, row, media: mediaPlan(rng, row) };
  }
}
