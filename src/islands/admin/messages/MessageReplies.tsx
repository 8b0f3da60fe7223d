/**
 * Under a message in the inbox: the staff answers sent so far, and "Reply" opening a short
 * form (POST /admin/messages/:id/replies). The answer is e-mailed to the sender, shown in a
 * trader's "Message us" conversation, and the message is marked handled.
 */
import { useId, useState } from 'react';
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { fmtDateTime, generalMessage } from '../dashboard/kit.tsx';

const messages = client.admin.messages;
type Message = AnswerOf<typeof messages.$get>['docs'][number];
type Reply = Message['replies'][number];

type Props = { message: Message; onReplied: (reply: Reply) => void };

export function MessageReplies({ message, onReplied }: Props) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const id = useId();
  const send = async () => {
    setBusy(true);
    setError('');
    try {
      const reply = await call(
        messages[':id'].replies.$post({ param: { id: String(message._id) }, json: { message: text } }),
      );
      setText('');
      setOpen(false);
      onReplied(reply);
    } catch (err) {
      setError(generalMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="adk-replies">
      {message.replies.map((r) => (
        <blockquote key={r._id} className="adk-reply">
          <p className="adm-muted">
            {r.staffName} replied, {fmtDateTime(r.createdAt)}
          </p>
          <p className="adk-pre">{r.message}</p>
        </blockquote>
      ))}
      {open ? (
        <form className="adk-reply-form" onSubmit={(e) => (e.preventDefault(), void send())}>
          <label htmlFor={id}>Reply to {message.name}</label>
          <textarea
            id={id}
            className="input"
            rows={3}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {error && (
            <p className="fx-error" id={`${id}-error`}>
              {error}
            </p>
          )}
          <div className="adk-actions">
            <button type="submit" className="btn btn--small" disabled={busy}>
              Send reply
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setOpen(true)}>
          Reply
        </button>
      )}
    </div>
  );
}
