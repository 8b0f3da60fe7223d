/**
 * The visitor's side of "Message us": name, e-mail and a message (the contact form's rules),
 * posted to POST /api/v1/message/chat. The answer comes by e-mail; the panel says so.
 */
import { useState } from 'react';
import { call, client } from '../../lib/api.ts';
import { VisitorChatSchema } from '../../domain/validation/chat.ts';
import { Notice, SubmitButton, TextAreaField, TextField } from '../dialogs/fields.tsx';
import { useForm } from '../dialogs/use-form.ts';

const EMPTY = { name: '', email: '', message: '' };

function VisitorForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm(VisitorChatSchema, EMPTY);
  const send = () =>
    form.submit(async (values) => {
      await call(client.message.chat.$post({ json: { ...values, pageTitle: document.title } }));
      onSent(values.email.trim());
    }, Object.keys(EMPTY));
  return (
    <form className="fx-form mu-form" noValidate onSubmit={(e) => (e.preventDefault(), void send())}>
      <Notice kind="error">{form.general}</Notice>
      <TextField form={form} name="name" label="Name" autoComplete="name" required />
      <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
      <TextAreaField form={form} name="message" label="Message" rows={4} required />
      <div className="fx-actions">
        <SubmitButton busy={form.busy}>Send</SubmitButton>
      </div>
    </form>
  );
}

export function VisitorMessage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <>
      <p className="mu-status" role="status">
        {sentTo && `Thanks for sending us your message! We will answer by e-mail at ${sentTo}.`}
      </p>
      {sentTo ? (
        <button type="button" className="btn btn--ghost btn--small" onClick={() => setSentTo(null)}>
          Write another message
        </button>
      ) : (
        <VisitorForm onSent={setSentTo} />
      )}
    </>
  );
}
