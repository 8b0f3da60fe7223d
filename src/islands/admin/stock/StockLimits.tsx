/**
 * The safety valve's two limits (PUT /admin/stock-import/settings): the share of bad rows past
 * which a whole run is refused, and the share of the stock in stock a replace-all may take out
 * of stock before it waits for confirmation.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { call, client } from '../../../lib/api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { failedNotice, Notice, type NoticeState } from '../dashboard/kit.tsx';

const FIELDS = [
  ['badRowsPct', 'Refuse a whole import when more than this share of its rows is bad (%)'],
  ['removalPct', 'Hold a replace-all for confirmation when it would take out of stock more than (%)'],
] as const;

export function StockLimits() {
  const settings = client.admin['stock-import'].settings;
  const { data, error } = useApiQuery('stock-limits', (signal) => call(settings.$get({}, { init: { signal } })));
  const [values, setValues] = useState({ badRowsPct: '', removalPct: '' });
  const [notice, setNotice] = useState<NoticeState>(null);
  useEffect(() => {
    if (data) setValues({ badRowsPct: String(data.badRowsPct), removalPct: String(data.removalPct) });
  }, [data]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await call(
        settings.$put({ json: { badRowsPct: Number(values.badRowsPct), removalPct: Number(values.removalPct) } }),
      );
      setNotice({ kind: 'info', text: 'The limits were saved.' });
    } catch (err) {
      setNotice(failedNotice(err));
    }
  };

  return (
    <form className="adk-panel" onSubmit={(e) => void save(e)} aria-labelledby="stock-limits">
      <h2 id="stock-limits">Safety limits</h2>
      <Notice notice={failedNotice(error)} />
      <Notice notice={notice} />
      {FIELDS.map(([key, label]) => (
        <label key={key} className="field">
          <span className="field__label">{label}</span>
          <input
            className="input num"
            inputMode="decimal"
            required
            pattern="[0-9]*[.]?[0-9]+"
            value={values[key]}
            onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
          />
        </label>
      ))}
      <div className="adk-actions">
        <button type="submit" className="btn">
          Save limits
        </button>
      </div>
    </form>
  );
}
