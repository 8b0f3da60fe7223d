/**
 * A signed-in trader's conversation with the trade desk: their messages and the staff answers,
 * oldest first (GET /api/v1/message/thread, asked again every 12 s while the panel is open),
 * and a field to write the next message (POST /api/v1/message/thread). A new answer is read
 * out by a polite live region.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { call, client, type AnswerOf } from '../../lib/api.ts';
import { TraderChatSchema } from '../../domain/validation/chat.ts';
import { Notice, SubmitButton, TextAreaField } from '../dialogs/fields.tsx';
import { generalMessage, useForm } from '../dialogs/use-form.ts';

type Entry = AnswerOf<typeof client.message.thread.$get>['entries'][number];
const POLL_MS = 12_000;
const EMPTY = { message: '' };

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

function Composer({ onSent }: { onSent: () => void }) {
  const form = useForm(TraderChatSchema, EMPTY);
  const send = () =>
    form.submit(
      async (values) => {
        await call(client.message.thread.$post({ json: { ...values, pageTitle: document.title } }));
        onSent();
      },
      ['message'],
    );
  return (
    <form className="fx-form mu-form" noValidate onSubmit={(e) => (e.preventDefault(), void send())}>
      <Notice kind="error">{form.general}</Notice>
      <TextAreaField form={form} name="message" label="Your message" rows={3} required />
      <div className="fx-actions">
        <SubmitButton busy={form.busy}>Send</SubmitButton>
      </div>
    </form>
  );
}

export function MessageThread() {
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [error, setError] = useState('');
  const [news, setNews] = useState('');
  const [draft, setDraft] = useState(0);
  const seen = useRef<Set<string> | null>(null);
  const list = useRef<HTMLOListElement>(null);

  const load = useCallback(async () => {
    try {
      const { entries: next } = await call(client.message.thread.$get());
      const known = seen.current;
      const fresh = known ? next.filter((e) => e.from === 'staff' && !known.has(e._id)) : [];
      if (fresh.length) setNews(`New reply from the trade desk: ${fresh.map((e) => e.text).join(' ')}`);
      seen.current = new Set(next.map((e) => e._id));
      setEntries(next);
      setError('');
    } catch (err) {
      setError(generalMessage(err));
    }
  }, []);

  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [load]);

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [entries]);

  return (
    <>
      <p className="sr-only" role="status">
        {news}
      </p>
      <Notice kind="error">{error}</Notice>
      {entries && entries.length === 0 && <p className="mu-note">No messages yet: write the first one below.</p>}
      {entries && entries.length > 0 && (
        <ol ref={list} className="mu-thread" aria-label="Your conversation" tabIndex={0}>
          {entries.map((e) => (
            <li key={e._id} className={`mu-entry mu-entry--${e.from}`}>
              <p className="mu-entry__who">
                {e.from === 'you' ? 'You' : 'Trade desk'} · <time dateTime={e.createdAt}>{when(e.createdAt)}</time>
              </p>
              <p className="mu-entry__text">{e.text}</p>
            </li>
          ))}
        </ol>
      )}
      <Composer
        key={draft}
        onSent={() => {
          setDraft((n) => n + 1);
          void load();
        }}
      />
    </>
  );
}
