/** The retail scope's markup (percent over the trade price) that retail keys see. */
import { useState, type FormEvent } from 'react';
import { RETAIL_MARKUP_MAX } from '../../../domain/validation/api-keys.ts';
import { ApiError } from '../../../lib/api.ts';
import { keysApi } from './keys-api.ts';

export function RetailMarkup({ initial }: { initial: number }) {
  const [value, setValue] = useState(String(initial));
  const [note, setNote] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const out = await keysApi.setMarkup(Number(value));
      setValue(String(out.retailMarkupPct));
      setNote(`Saved: retail keys now see trade price + ${out.retailMarkupPct}%.`);
    } catch (err) {
      setNote(err instanceof ApiError ? err.message : 'Not saved. Please try again.');
    }
  };
  return (
    <section className="acc-card" aria-labelledby="api-markup-title">
      <h2 id="api-markup-title" className="acc-card__title">
        Retail markup
      </h2>
      <p className="acc-muted">
        Retail keys never see your trade price: every price they return is the trade price plus this percentage.
      </p>
      <form className="api-markup" onSubmit={(e) => void submit(e)}>
        <label className="field">
          <span className="field__label">Markup (%)</span>
          <input
            className="input"
            type="number"
            inputMode="decimal"
            min={0}
            max={RETAIL_MARKUP_MAX}
            step={0.01}
            required
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        </label>
        <button type="submit" className="btn btn--small">
          Save markup
        </button>
      </form>
      <p className="acc-muted" role="status">
        {note}
      </p>
    </section>
  );
}
