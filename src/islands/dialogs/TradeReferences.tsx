/**
 * The trade references of the register form: starts with 2 blank entries, Add reference up
 * to 5 (TRADE_REFERENCES_MAX); the list's error ("Please enter at least 1 Trade Reference")
 * shows under it, on a line kept for it (a pointer on the terms checkbox below stays on target).
 */
import { useId } from 'react';
import { TRADE_REFERENCES_MAX } from '../../domain/validation/registration.ts';

type Props = {
  refs: string[];
  error?: string;
  onChange: (refs: string[]) => void;
  onBlur: () => void;
};

export function TradeReferences({ refs, error, onChange, onBlur }: Props) {
  const id = useId();
  const setAt = (i: number, value: string) => onChange(refs.map((r, j) => (j === i ? value : r)));
  return (
    <fieldset className="fx-fieldset" aria-describedby={error ? `${id}-err` : undefined}>
      <legend className="field__label">Trade references *</legend>
      <p className="fx-hint">Name, company and telephone of a trade supplier or customer who knows your business.</p>
      {refs.map((ref, i) => (
        <div className="field" key={i}>
          <label className="sr-only" htmlFor={`${id}-${i}`}>
            {`Trade reference ${i + 1}`}
          </label>
          <input
            id={`${id}-${i}`}
            className="input"
            value={ref}
            placeholder={`Trade reference ${i + 1}`}
            aria-invalid={error && i === 0 ? true : undefined}
            onChange={(e) => setAt(i, e.target.value)}
            onBlur={onBlur}
          />
        </div>
      ))}
      {/* the line is kept even while empty, so an error appearing moves nothing below it */}
      <p className="fx-error fx-error--slot" id={`${id}-err`}>
        {error}
      </p>
      {refs.length < TRADE_REFERENCES_MAX && (
        <button type="button" className="fx-textlink" onClick={() => onChange([...refs, ''])}>
          + Add reference
        </button>
      )}
    </fieldset>
  );
}
