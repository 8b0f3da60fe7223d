/**
 * 'From' and 'to' number boxes of a range filter (spec section 5): a typed value is applied
 * on Enter or when the box loses focus, clamped to the limits and rounded to the step
 * (domain applyRangeInput); an empty or non-numeric box is ignored and shows the value again.
 */
import { useEffect, useState } from 'react';
import { applyRangeInput, type NumRange } from '../../../domain/catalogue/index.ts';

type Props = {
  label: string;
  value: NumRange;
  limits: NumRange;
  decimals?: number;
  unit?: string;
  onChange: (v: NumRange) => void;
};

const show = (n: number, decimals: number) => (decimals === 0 ? String(Math.round(n)) : n.toFixed(decimals));

function Box({
  end,
  label,
  value,
  decimals,
  apply,
}: {
  end: 'from' | 'to';
  label: string;
  value: number;
  decimals: number;
  apply: (end: 'from' | 'to', raw: string) => void;
}) {
  const [text, setText] = useState(show(value, decimals));
  useEffect(() => setText(show(value, decimals)), [value, decimals]);
  const commit = () => {
    apply(end, text);
    setText(show(value, decimals));
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

export function NumberRange({ label, value, limits, decimals = 2, unit, onChange }: Props) {
  const apply = (end: 'from' | 'to', raw: string) => {
    const next = applyRangeInput(value, end, raw, limits, decimals);
    if (next[0] !== value[0] || next[1] !== value[1]) onChange(next);
  };
  return (
    <div className="cat-numrange">
      <Box end="from" label={label} value={value[0]} decimals={decimals} apply={apply} />
      <span aria-hidden="true">–</span>
      <Box end="to" label={label} value={value[1]} decimals={decimals} apply={apply} />
      {unit && <span className="cat-numrange__unit">{unit}</span>}
    </div>
  );
}
