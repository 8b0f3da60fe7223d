/**
 * The compare board's rows: what each shows, which have a best (compare-marks.ts), and the
 * marks of one set of stones: per row, whether the stones differ and which are best.
 */
import { formatRatio, lwRatio } from '../../domain/catalogue/pricing.ts';
import { bestPositions, BETTER, differs, gradeScore, type BestRule } from '../../domain/catalogue/compare-marks.ts';
import { isParcel, type DiamondDoc } from '../../domain/diamond.ts';
import { formatMeasurements, formatRange, formatSize, formatWeight, MISSING } from '../../domain/money.ts';
import { shapeName, type Pricing } from '../diamond-detail/stone-view.ts';

const pct = (n: number | null | undefined) => (n == null ? MISSING : `${n.toFixed(1)}%`);

export type CompareRow = {
  label: string;
  value: (d: DiamondDoc, p: Pricing) => string;
  best?: { rule: BestRule; score: (d: DiamondDoc, p: Pricing) => number | null };
  /** shown to signed-in traders only (a price) */
  priced?: boolean;
  /** always shown, also with "Show only differences" (names the stone) */
  always?: boolean;
};

const grade = (rule: BestRule, pick: (d: DiamondDoc) => DiamondDoc['Colour']) => ({
  rule,
  score: (d: DiamondDoc) => gradeScore(pick(d)),
});

export const ROWS: CompareRow[] = [
  { label: 'Stock code', value: (d) => d.StkCodeCalcNS, always: true },
  { label: 'Shape', value: (d) => shapeName(d.StkShape) },
  { label: 'Weight', value: (d) => (isParcel(d.StkCatType) ? formatSize(d.Size) : formatWeight(d.STWeight)) },
  { label: 'Colour', value: (d) => formatRange(d.Colour), best: grade('colour', (d) => d.Colour) },
  { label: 'Clarity', value: (d) => formatRange(d.Clarity), best: grade('clarity', (d) => d.Clarity) },
  { label: 'Cut', value: (d) => formatRange(d.Cut), best: grade('cut', (d) => d.Cut) },
  { label: 'Polish', value: (d) => formatRange(d.Polish), best: grade('polish', (d) => d.Polish) },
  { label: 'Symmetry', value: (d) => formatRange(d.Symmetry), best: grade('symmetry', (d) => d.Symmetry) },
  { label: 'Fluorescence', value: (d) => formatRange(d.flourecence) },
  { label: 'Measurements', value: (d) => formatMeasurements(d.StkMes1, d.StkMes2, d.StkMes3) },
  { label: 'L/W ratio', value: (d) => formatRatio(lwRatio(d)) },
  { label: 'Depth', value: (d) => pct(d.StkDepth_Total) },
  { label: 'Table', value: (d) => pct(d.StkTable) },
  { label: 'Lab', value: (d) => d.StkCertSup || MISSING },
  {
    label: 'Price per carat',
    value: (d, p) => p.perCarat(d) ?? MISSING,
    best: { rule: 'ppc', score: (d, p) => p.perCaratAmount(d) },
    priced: true,
  },
];

export type RowMark = { label: string; differs: boolean; always: boolean; values: string[]; best: Set<number> };

/** The rows shown (priced ones for signed-in traders) with their marks for `items`. */
export function markRows(items: readonly DiamondDoc[], pricing: Pricing): RowMark[] {
  return ROWS.filter((r) => !r.priced || pricing.authorised).map((r) => {
    const values = items.map((d) => r.value(d, pricing));
    const best = r.best
      ? new Set(
          bestPositions(
            items.map((d) => r.best!.score(d, pricing)),
            BETTER[r.best.rule],
          ),
        )
      : new Set<number>();
    const always = r.always === true;
    return { label: r.label, differs: !always && differs(values), always, values, best };
  });
}
