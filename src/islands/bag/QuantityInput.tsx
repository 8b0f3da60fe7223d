/**
 * A bag line's quantity: numeric and required, steps of 0.01 with a 'ct' suffix in weight mode
 * and of 1 in items mode, with step-down and step-up buttons; parcels also get the Weight /
 * Items unit switch. Singles show their weight (bought whole).
 */
import { useEffect, useRef, useState } from 'react';
import { limitsOfDoc, maxOf, stepOf, stepQuantity } from '../../domain/bag/lines.ts';
import { formatWeight } from '../../domain/money.ts';
import { updateLine } from '../../stores/bag.ts';
import type { PricedLine } from './use-bag.ts';

export function QuantityInput({ line }: { line: PricedLine }) {
  const [text, setText] = useState(String(line.quantity));
  // follow changes from elsewhere (steps, unit switch) without fighting the user's typing
  useEffect(() => {
    setText((t) => {
      if (!Number.isFinite(line.quantity) || (t.trim() !== '' && Number(t) === line.quantity)) return t;
      return line.selectedUnit === 'weight' ? line.quantity.toFixed(2) : String(line.quantity);
    });
  }, [line.quantity, line.selectedUnit]);
  // a limit that appears under the field is brought into the window (above Message us: MessageUs.tsx)
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (line.error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [line.error]);
  if (line.type === 'single') return <span className="num bag-qty__single">{formatWeight(line.stock.STWeight)}</span>;

  const unit = line.selectedUnit;
  const id = `bag-qty-${line.diamondId}`;
  const error = line.error;
  const errorId = `${id}-error`;
  const max = maxOf(unit, limitsOfDoc(line.stock));
  const step = (direction: 1 | -1) =>
    updateLine(line.diamondId, { quantity: stepQuantity(unit, line.quantity, direction, max) });
  const name = line.stock.StkCodeCalcNS;
  return (
    <div className="bag-qty">
      <div className="bag-unit" role="radiogroup" aria-label={`Unit for ${name}`}>
        {(['weight', 'items'] as const).map((u) => (
          <label key={u} className={`bag-unit__opt${unit === u ? ' is-on' : ''}`}>
            <input
              type="radio"
              name={`unit-${line.diamondId}`}
              value={u}
              checked={unit === u}
              onChange={() => updateLine(line.diamondId, { selectedUnit: u })}
            />
            {u === 'weight' ? 'Weight' : 'Items'}
          </label>
        ))}
      </div>
      <div className={`bag-stepper${error ? ' is-invalid' : ''}`}>
        <button type="button" aria-label={`Less of ${name}`} onClick={() => step(-1)}>
          −
        </button>
        <input
          id={id}
          className="num"
          type="number"
          inputMode="decimal"
          required
          min={stepOf(unit)}
          max={max}
          step={stepOf(unit)}
          value={text}
          aria-label={`${unit === 'weight' ? 'Weight in carats' : 'Number of items'} of ${name}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            const n = e.target.value.trim() === '' ? Number.NaN : Number(e.target.value);
            updateLine(line.diamondId, { quantity: n });
          }}
        />
        {unit === 'weight' && (
          <span className="bag-stepper__suffix" aria-hidden="true">
            ct
          </span>
        )}
        <button type="button" aria-label={`More of ${name}`} onClick={() => step(1)}>
          +
        </button>
      </div>
      {error && (
        <p className="bag-qty__error" id={errorId} role="alert" ref={errorRef}>
          {error}
        </p>
      )}
    </div>
  );
}
