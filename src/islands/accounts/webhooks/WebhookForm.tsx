/** Add an endpoint: its https URL and the events it takes (all five = all, also future ones). */
import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { EVENT_LABELS, EVENTS, webhooksApi, type EventKind } from './webhooks-api.ts';

type Props = { disabled: boolean; onCreated: (id: number, secret: string) => void };

export function WebhookForm({ disabled, onCreated }: Props) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<EventKind[]>([...EVENTS]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (kind: EventKind) =>
    setEvents((now) => (now.includes(kind) ? now.filter((k) => k !== kind) : [...now, kind]));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (events.length === 0) return setError('Choose at least one event.');
    setBusy(true);
    setError(null);
    try {
      const created = await webhooksApi.create(url, events.length === EVENTS.length ? [] : events);
      setUrl('');
      setEvents([...EVENTS]);
      onCreated(created.webhook.id, created.secret);
    } catch (err) {
      setError(err instanceof ApiError ? (err.fieldError?.msg ?? err.message) : 'Could not add the endpoint.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="wh-form" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="wh-subtitle">
        Add an endpoint
      </h3>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-url`}>
          Endpoint URL (https)
        </label>
        <input
          id={`${id}-url`}
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://example.com/webhooks/facet"
          value={url}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setUrl(e.target.value)}
        />
      </div>
      <fieldset className="wh-events">
        <legend className="field__label">Events</legend>
        {EVENTS.map((kind) => (
          <label key={kind} className="wh-check">
            <input type="checkbox" checked={events.includes(kind)} onChange={() => toggle(kind)} />
            {EVENT_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={`${id}-error`} className="wh-error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="btn btn--small" disabled={busy || disabled}>
          {busy ? 'Adding…' : 'Add endpoint'}
        </button>
      </div>
    </form>
  );
}
