/**
 * The alert settings of a saved search, in the save dialog and the account's edit dialog:
 * off, instant or a daily digest at an hour in a time zone (the browser's by default), and an
 * optional price-drop percentage. Errors come from the shared schema (useForm).
 */
import { useId, useMemo } from 'react';
import type { AlertMode } from '../../domain/saved-searches/alerts.ts';
import { PRICE_DROP_MAX, PRICE_DROP_MIN } from '../../domain/saved-searches/schema.ts';
import { FieldError } from '../dialogs/fields.tsx';
import type { Form } from '../dialogs/use-form.ts';

export type SearchFormValues = {
  name: string;
  alert: AlertMode;
  digestHour: number | null;
  timeZone: string | null;
  priceDropPct: number | null;
};

const MODES: [AlertMode, string][] = [
  ['off', 'Off'],
  ['instant', 'Instant (within 5 minutes)'],
  ['daily', 'Daily digest'],
];
const HOURS = Array.from({ length: 24 }, (_, h) => h);

export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function timeZones(current: string | null): string[] {
  const all = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  const list = new Set(['UTC', ...all]);
  if (current) list.add(current);
  return [...list].sort();
}

export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;

export function AlertFields({ form }: { form: Form<SearchFormValues> }) {
  const id = useId();
  const { values, set } = form;
  const zones = useMemo(() => timeZones(values.timeZone), [values.timeZone]);
  const hourError = form.errorOf('digestHour');
  const zoneError = form.errorOf('timeZone');
  const dropError = form.errorOf('priceDropPct');
  return (
    <>
      <fieldset className="fx-fieldset ss-modes">
        <legend className="field__label">Alerts by e-mail</legend>
        {MODES.map(([mode, label]) => (
          <label key={mode} className="fx-check">
            <input
              type="radio"
              name={`${id}-alert`}
              value={mode}
              checked={values.alert === mode}
              onChange={() => {
                set('alert', mode);
                if (mode === 'daily' && values.digestHour == null) set('digestHour', 8);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {values.alert === 'daily' && (
        <div className="fx-grid">
          <div className="field">
            <label className="field__label" htmlFor={`${id}-hour`}>
              Digest at
            </label>
            <select
              id={`${id}-hour`}
              className="select num"
              value={values.digestHour ?? ''}
              aria-invalid={hourError ? true : undefined}
              aria-describedby={hourError ? `${id}-hour-err` : undefined}
              onChange={(e) => set('digestHour', e.target.value === '' ? null : Number(e.target.value))}
            >
              {values.digestHour == null && <option value="">Choose an hour</option>}
              {HOURS.map((h) => (
                <option key={h} value={h}>
                  {hourLabel(h)}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-hour-err`} message={hourError} />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-zone`}>
              Time zone
            </label>
            <select
              id={`${id}-zone`}
              className="select"
              value={values.timeZone ?? 'UTC'}
              aria-invalid={zoneError ? true : undefined}
              aria-describedby={zoneError ? `${id}-zone-err` : undefined}
              onChange={(e) => set('timeZone', e.target.value)}
            >
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
            <FieldError id={`${id}-zone-err`} message={zoneError} />
          </div>
        </div>
      )}
      {values.alert !== 'off' && (
        <div className="field">
          <label className="field__label" htmlFor={`${id}-drop`}>
            Also when a price drops by at least (%)
          </label>
          <input
            id={`${id}-drop`}
            className="input num ss-drop"
            type="number"
            inputMode="numeric"
            min={PRICE_DROP_MIN}
            max={PRICE_DROP_MAX}
            step={1}
            value={values.priceDropPct ?? ''}
            aria-invalid={dropError ? true : undefined}
            aria-describedby={`${id}-drop-hint${dropError ? ` ${id}-drop-err` : ''}`}
            onChange={(e) => set('priceDropPct', e.target.value === '' ? null : Number(e.target.value))}
            onBlur={() => form.blur('priceDropPct')}
          />
          <p className="fx-hint" id={`${id}-drop-hint`}>
            Leave empty for new stones and stones back in stock only.
          </p>
          <FieldError id={`${id}-drop-err`} message={dropError} />
        </div>
      )}
    </>
  );
}
