/**
 * A dual-handle range slider built from two native range inputs laid over one track (so
 * keyboard, touch and screen readers work as they do for any range input). Values are
 * slider positions; the caller maps them to filter values (domain sliders.ts).
 * The handles cannot cross; `snap` rounds a raw position to an allowed one (grade marks).
 * `histogram` (counts per equal stretch of positions) draws the stones' distribution as light
 * bars behind the handles, darker inside the chosen range; decorative (the values are announced).
 */
import type { CSSProperties } from 'react';

/**
 * Marks with more letters than this in all (clarity's FL .. I1: 30) alternate between two rows,
 * so their labels never run into each other; colour's D .. M keep one row.
 */
const STAGGER_ABOVE_CHARS = 24;

type Props = {
  label: string;
  min: number;
  max: number;
  step?: number;
  value: readonly [number, number];
  onChange: (v: [number, number]) => void;
  snap?: (position: number) => number;
  /** text for a position, for aria-valuetext and the marks */
  format?: (position: number) => string;
  marks?: readonly number[];
  histogram?: readonly number[] | null;
  /**
   * The slider shows a trader the stones' distribution: its place is held for a trader from
   * the first paint (the viewer the server named, slider.css), so the histogram moves nothing
   */
  histogramPlace?: boolean;
};

export function RangeSlider({
  label,
  min,
  max,
  step = 1,
  value,
  onChange,
  snap = (p) => p,
  format = String,
  marks,
  histogram,
  histogramPlace,
}: Props) {
  const [lo, hi] = value;
  const pct = (p: number) => (max === min ? 0 : ((p - min) / (max - min)) * 100);
  const style = { '--lo': `${pct(lo)}%`, '--hi': `${pct(hi)}%` } as CSSProperties;
  const set = (end: 0 | 1, raw: number) => {
    const p = snap(raw);
    onChange(end === 0 ? [Math.min(p, hi), hi] : [lo, Math.max(p, lo)]);
  };
  return (
    <div className={`rs${histogram ? ' rs--hist' : ''}${histogramPlace ? ' rs--hist-place' : ''}`} style={style}>
      {histogram && <Histogram counts={histogram} from={pct(lo)} to={pct(hi)} />}
      <div className="rs__track" aria-hidden="true">
        <div className="rs__fill" />
      </div>
      <input
        type="range"
        className="rs__input"
        min={min}
        max={max}
        step={step}
        value={lo}
        aria-label={`${label} from`}
        aria-valuetext={format(lo)}
        onChange={(e) => set(0, Number(e.target.value))}
      />
      <input
        type="range"
        className="rs__input"
        min={min}
        max={max}
        step={step}
        value={hi}
        aria-label={`${label} to`}
        aria-valuetext={format(hi)}
        onChange={(e) => set(1, Number(e.target.value))}
      />
      {marks && (
        <div
          className={`rs__marks${marks.reduce((n, m) => n + format(m).length, 0) > STAGGER_ABOVE_CHARS ? ' rs__marks--staggered' : ''}`}
          aria-hidden="true"
        >
          {marks.map((m) => (
            <span key={m} style={{ left: `${pct(m)}%` }} className={m >= lo && m <= hi ? 'is-in' : undefined}>
              {format(m)}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** Bars of `counts` over the track; those whose stretch lies within from..to (percent) are in the range. */
function Histogram({ counts, from, to }: { counts: readonly number[]; from: number; to: number }) {
  const most = Math.max(1, ...counts);
  const w = 100 / counts.length;
  return (
    <svg className="rs__hist" viewBox={`0 0 100 1`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {counts.map((c, i) => {
        if (c === 0) return null;
        const h = Math.max(0.08, c / most);
        const inRange = (i + 1) * w > from && i * w < to;
        return (
          <rect
            key={i}
            className={inRange ? 'is-in' : undefined}
            x={i * w + w * 0.1}
            width={w * 0.8}
            y={1 - h}
            height={h}
          />
        );
      })}
    </svg>
  );
}
