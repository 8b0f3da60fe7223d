/**
 * The message thread on a request (plain text, shared by the buyer's and the staff screens):
 * the messages oldest first and, while the request is open, a form to write one.
 */
import { useId, useState, type FormEvent } from 'react';
import { MESSAGE_MAX } from '../../../domain/trade/request-payloads.ts';

export type ThreadMessage = { _id: number; at: string; who: string; author: string; body: string };

const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

export function RequestThread({
  messages,
  open,
  onSend,
}: {
  messages: ThreadMessage[];
  open: boolean;
  onSend: (body: string) => Promise<void>;
}) {
  const id = useId();
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!body.trim()) return setError('Write a message first.');
    setBusy(true);
    setError(null);
    try {
      await onSend(body.trim());
      setBody('');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The message could not be sent.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="req-thread" aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Messages</h3>
      {messages.length === 0 ? (
        <p className="req-muted">No messages yet.</p>
      ) : (
        <ul>
          {messages.map((m) => (
            <li key={m._id} className={m.author === 'staff' ? 'is-staff' : 'is-buyer'}>
              <p className="req-thread__meta">
                <strong>{m.who}</strong> · <time dateTime={m.at}>{when.format(new Date(m.at))}</time>
              </p>
              <p className="req-thread__body">{m.body}</p>
            </li>
          ))}
        </ul>
      )}
      {open && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <label className="field" htmlFor={`${id}-body`}>
            <span className="field__label">Your message</span>
          </label>
          <textarea
            id={`${id}-body`}
            className="req-thread__input"
            maxLength={MESSAGE_MAX}
            rows={3}
            value={body}
            aria-describedby={error ? `${id}-err` : undefined}
            onChange={(e) => setBody(e.target.value)}
          />
          {error && (
            <p id={`${id}-err`} className="req-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn" disabled={busy}>
            Send message
          </button>
        </form>
      )}
    </section>
  );
}
