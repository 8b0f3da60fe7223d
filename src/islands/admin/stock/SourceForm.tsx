/**
 * Adding or editing a stock source: name, file address, an optional auth header (its value is
 * write-only: a saved one shows as "set" and is kept unless a new one is typed), the schedule
 * (every N minutes, or times of day in the shop's time zone), the mode, and paused.
 */
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { MIN_INTERVAL_MINUTES, type SourceInput, type SourceView } from '../../../domain/stock-sources.ts';
import { MODE_LABEL } from './run-labels.ts';

/** A labelled text input of the form. */
function Text({
  label,
  onChange,
  ...input
}: { label: string; value: string; onChange: (v: string) => void } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'required' | 'maxLength' | 'type' | 'placeholder'
>) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input className="input" autoComplete="off" {...input} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}

type Props = { source: SourceView | null; busy: boolean; onSave: (input: SourceInput) => void; onCancel: () => void };

export function SourceForm({ source, busy, onSave, onCancel }: Props) {
  const [name, setName] = useState(source?.name ?? '');
  const [url, setUrl] = useState(source?.url ?? '');
  const [headerName, setHeaderName] = useState(source?.header_name ?? '');
  const [headerValue, setHeaderValue] = useState('');
  const [kind, setKind] = useState(source?.schedule.kind ?? 'interval');
  const [minutes, setMinutes] = useState(String(source?.schedule.interval_minutes ?? 60));
  const [times, setTimes] = useState(source?.schedule.times.join(', ') || '06:00');
  const [mode, setMode] = useState(source?.mode ?? 'update');
  const [paused, setPaused] = useState(source?.paused ?? false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave({
      name,
      url,
      header_name: headerName,
      ...(headerValue ? { header_value: headerValue } : {}),
      schedule:
        kind === 'interval'
          ? { kind, interval_minutes: Number(minutes) }
          : {
              kind,
              times: times
                .split(/[\s,]+/)
                .map((t) => t.trim())
                .filter(Boolean),
            },
      paused,
      mode,
    });
  };

  return (
    <form className="adk-form adk-panel" onSubmit={submit} aria-labelledby="adm-source-form">
      <h2 id="adm-source-form">{source ? `Edit “${source.name}”` : 'Add a source'}</h2>
      <Text label="Name" value={name} onChange={setName} required maxLength={100} />
      <Text
        label="File address (https://, a CSV or XLSX file)"
        value={url}
        onChange={setUrl}
        required
        type="url"
        placeholder="https://erp.example.com/stock.csv"
      />
      <Text
        label="Auth header name (optional)"
        value={headerName}
        onChange={setHeaderName}
        maxLength={100}
        placeholder="Authorization"
      />
      <Text
        label={`Auth header value${source?.header_set ? ' (set: type a new one to replace it)' : ''}`}
        value={headerValue}
        onChange={setHeaderValue}
        type="password"
        placeholder={source?.header_set ? 'set' : 'Bearer …'}
      />
      <fieldset className="field">
        <legend className="field__label">Schedule</legend>
        <label>
          <input type="radio" name="schedule" checked={kind === 'interval'} onChange={() => setKind('interval')} />{' '}
          Every
        </label>{' '}
        <input
          className="input num adk-input-short"
          aria-label="Minutes between runs"
          type="number"
          min={MIN_INTERVAL_MINUTES}
          value={minutes}
          disabled={kind !== 'interval'}
          onChange={(e) => setMinutes(e.target.value)}
        />{' '}
        minutes
        <br />
        <label>
          <input type="radio" name="schedule" checked={kind === 'times'} onChange={() => setKind('times')} /> At these
          times of day (shop time)
        </label>{' '}
        <input
          className="input num"
          aria-label="Times of day, HH:MM, separated by commas"
          value={times}
          disabled={kind !== 'times'}
          onChange={(e) => setTimes(e.target.value)}
        />
      </fieldset>
      <label className="field">
        <span className="field__label">Mode</span>
        <select className="select" value={mode} onChange={(e) => setMode(e.target.value as 'update' | 'replace')}>
          <option value="update">{MODE_LABEL.update}: add and update the stones in the file</option>
          <option value="replace">{MODE_LABEL.replace}: stones missing from the file go out of stock</option>
        </select>
      </label>
      <label>
        <input type="checkbox" checked={paused} onChange={(e) => setPaused(e.target.checked)} /> Paused
      </label>
      <div className="adk-actions">
        <button type="submit" className="btn" disabled={busy}>
          Save source
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
