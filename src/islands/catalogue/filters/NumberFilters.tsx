/**
 * The numeric range filters: a slider plus 'from'/'to' boxes for weight (0.01 ct steps,
 * bounds from the stock), price and ppc (positions 0..100 mapped by the domain: 80 = 5,000,
 * 100 = '50k>' with no upper bound), depth (1-100 %), table (0-100 %) and the boxes alone for
 * the measurements (0.01 mm).
 */
import {
  PRICE_LIMITS,
  priceBoxText,
  priceRangeToSlider,
  priceSliderLabel,
  priceSliderToRange,
  type NumRange,
} from '../../../domain/catalogue/index.ts';
import { currencySymbol } from '../../../domain/money.ts';
import { NumberRange } from './NumberRange.tsx';
import { RangeSlider } from './RangeSlider.tsx';

type Props = { label: string; value: NumRange; limits: NumRange; onChange: (v: NumRange) => void };
/** the stones' distribution behind the slider (counts per equal stretch of positions), or none */
type Hist = { histogram?: readonly number[] | null; histogramPlace?: boolean };

const STEPS = 100;

/** Slider positions 0..100 spread linearly over `limits`, values rounded to 2 decimals. */
export function LinearFilter({
  label,
  value,
  limits,
  onChange,
  unit,
  decimals = 2,
  histogram,
  histogramPlace,
}: Props & Hist & { unit?: string; decimals?: number }) {
  const [a, b] = limits;
  const span = b - a;
  const toPos = (v: number) => (span > 0 ? ((v - a) / span) * STEPS : 0);
  const toVal = (p: number) => Math.round((a + (p / STEPS) * span) * 10 ** decimals) / 10 ** decimals;
  return (
    <div className="cat-filter__body">
      <RangeSlider
        label={label}
        min={0}
        max={STEPS}
        step={0.5}
        value={[toPos(value[0]), toPos(value[1])]}
        onChange={([p, q]) => onChange([p <= 0 ? a : toVal(p), q >= STEPS ? b : toVal(q)])}
        format={(p) => `${toVal(p)}${unit ?? ''}`}
        histogram={histogram}
        histogramPlace={histogramPlace}
      />
      <NumberRange label={label} value={value} limits={limits} decimals={decimals} unit={unit} onChange={onChange} />
    </div>
  );
}

export function PriceFilter({
  label,
  value,
  onChange,
  ccy,
  histogram,
}: Omit<Props, 'limits'> & Hist & { ccy: string }) {
  return (
    <div className="cat-filter__body">
      <RangeSlider
        label={label}
        min={0}
        max={100}
        value={priceRangeToSlider(value)}
        onChange={(p) => onChange(priceSliderToRange(p))}
        format={(p) => `${currencySymbol(ccy)}${priceSliderLabel(p)}`}
        histogram={histogram}
        histogramPlace
      />
      <NumberRange
        label={label}
        value={value}
        limits={PRICE_LIMITS}
        decimals={0}
        unit={ccy}
        format={priceBoxText}
        onChange={onChange}
      />
    </div>
  );
}

export function MeasurementFilter({ label, value, limits, onChange }: Props) {
  return <NumberRange label={label} value={value} limits={limits} decimals={2} unit="mm" onChange={onChange} />;
}
