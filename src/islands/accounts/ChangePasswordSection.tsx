/**
 * Change password while signed in (POST /profile/change-password): current password, new
 * password with the shared rule and its confirmation. The server ends the other sessions.
 */
import { useState } from 'react';
import { ChangePasswordSchema } from '../../domain/validation/account.ts';
import { call, client } from '../../lib/api.ts';
import { Notice, SubmitButton, TextField } from '../dialogs/fields.tsx';
import { useForm } from '../dialogs/use-form.ts';

const EMPTY = { currentPassword: '', password: '', password_confirm: '' };

export function ChangePasswordSection() {
  const [done, setDone] = useState('');
  const [round, setRound] = useState(0);
  return (
    <section className="acc-card" aria-labelledby="acc-password">
      <h2 id="acc-password" className="acc-card__title">
        Change password
      </h2>
      <Notice kind="info">{done}</Notice>
      <PasswordForm
        key={round}
        onDone={(message) => {
          setDone(message);
          setRound((n) => n + 1);
        }}
      />
    </section>
  );
}

function PasswordForm({ onDone }: { onDone: (message: string) => void }) {
  const form = useForm(ChangePasswordSchema, EMPTY);
  const change = async (v: typeof EMPTY) => {
    const r = await call(client.profile['change-password'].$post({ json: v }));
    onDone(r.message);
  };
  return (
    <form className="fx-form" noValidate onSubmit={(e) => (e.preventDefault(), void form.submit(change))}>
      <Notice kind="error">{form.general}</Notice>
      <TextField
        form={form}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
      />
      <TextField
        form={form}
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        form={form}
        name="password_confirm"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
      />
      <div className="fx-actions">
        <SubmitButton busy={form.busy}>Change password</SubmitButton>
      </div>
    </form>
  );
}
