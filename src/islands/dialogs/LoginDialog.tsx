/**
 * The login dialog: email, password, remember me (sent as 'y'). Waits 1 s before it submits.
 * A status with a registration message shows that message: 'pending' (the account awaits
 * approval) as a confirmation, as the e-mail check shows it, the others (rejected, disabled) as
 * an error; success stores the session for every island, closes the dialog and goes to
 * `returnTo` when one was given. Forgot password opens changePassword.
 */
import { useState } from 'react';
import { LoginSchema } from '../../domain/validation/login.ts';
import { ApiError, call, client } from '../../lib/api.ts';
import { closeDialog, openDialog, type DialogProps } from '../../stores/dialog.ts';
import { setSession } from '../../stores/session.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { Notice, SubmitButton, TextField } from './fields.tsx';
import { statusMessage } from './flows.ts';
import { useForm, wait } from './use-form.ts';

export const SUBMIT_WAIT_MS = 1000;

export function LoginDialog({ props }: { props: DialogProps }) {
  const form = useForm(LoginSchema, { email: String(props.values?.email ?? ''), password: '' });
  const [remember, setRemember] = useState(false);
  const [confirmation, setConfirmation] = useState(props.confirmation);

  const login = async (v: { email: string; password: string }) => {
    await wait(SUBMIT_WAIT_MS);
    setConfirmation(props.confirmation);
    try {
      const state = await call(
        client.login.$post({ json: { ...v, email: v.email.trim(), rememberMe: remember ? 'y' : '' } }),
      );
      setSession(state);
      closeDialog();
      if (props.returnTo) window.location.assign(props.returnTo);
    } catch (err) {
      const status = err instanceof ApiError ? err.options?.status : undefined;
      const shown = await statusMessage(status);
      if (shown && status === 'pending') setConfirmation(shown);
      else if (shown) form.setGeneral(shown);
      else throw err;
    }
  };

  return (
    <DialogFrame title="Login" eyebrow="Trade customers">
      <form
        className="fx-form"
        noValidate
        onSubmit={(e) => (e.preventDefault(), void form.submit(login, ['email', 'password']))}
      >
        <Notice kind="info">{confirmation}</Notice>
        <Notice kind="error">{form.general}</Notice>
        <TextField form={form} name="email" label="Email" type="email" autoComplete="username" required />
        <TextField
          form={form}
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
        />
        <div className="fx-row">
          <label className="fx-check">
            <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
            <span>Remember me</span>
          </label>
          <button
            type="button"
            className="fx-textlink"
            onClick={() => openDialog('changePassword', { values: { email: form.values.email } })}
          >
            Forgot password?
          </button>
        </div>
        <div className="fx-actions">
          <SubmitButton busy={form.busy}>Login</SubmitButton>
        </div>
        <p className="fx-foot">
          New to us?{' '}
          <button
            type="button"
            className="fx-textlink"
            onClick={() => openDialog('email', { values: { email: form.values.email } })}
          >
            Register your business
          </button>
        </p>
      </form>
    </DialogFrame>
  );
}
