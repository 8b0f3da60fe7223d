/**
 * 'From' and 'to' number boxes of a range filter: a typed value is applied on Enter or when the
 * box loses focus, clamped to the limits and rounded to the step (domain applyRangeInput); an
 * empty or non-numeric box is ignored and shows the value again. `format` writes a value into a
 * box (the price's top end reads '50k>', as on its slider).
 */
import { useEffect, useMemo, useState } from 'react';
import { applyRangeInput, type NumRange } from '../../../domain/catalogue/index.ts';

type Props = {
  label: string;
  value: NumRange;
  limits: NumRange;
  decimals?: number;
  unit?: string;
  format?: (n: number) => string;
  onChange: (v: NumRange) => void;
};

const fixed = (decimals: number) => (n: number) => (decimals === 0 ? String(Math.round(n)) : n.toFixed(decimals));

function Box({
  end,
  label,
  value,
  show,
  apply,
}: {
  end: 'from' | 'to';
  label: string;
  value: number;
  show: (n: number) => string;
  apply: (end: 'from' | 'to', raw: string) => void;
}) {
  const [text, setText] = useState(show(value));
  useEffect(() => setText(show(value)), [value, show]);
  const commit = () => {
    if (text !== show(value)) apply(end, text);
    setText(show(value));
  };
  return (
    <input
      className="input cat-num"
      inputMode="decimal"
      aria-label={`${label} ${end}`}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}

export function NumberRange({ label, value, limits, decimals = 2, unit, format, onChange }: Props) {
  const show = useMemo(() => format ?? fixed(decimals), [format, decimals]);
  const apply = (end: 'from' | 'to', raw: string) => {
    const next = applyRangeInput(value, end, raw, limits, decimals);
    if (next[0] !== value[0] || next[1] !== value[1]) onChange(next);
  };
  return (
    <div className="cat-numrange">
      <Box end="from" label={label} value={value[0]} show={show} apply={apply} />
      <span aria-hidden="true">–</span>
      <Box end="to" label={label} value={value[1]} show={show} apply={apply} />
      {unit && <span className="cat-numrange__unit">{unit}</span>}
    </div>
  );
}
