/**
 * The login dialog: email, password, remember me (sent as 'y'). Waits 1 s before it submits.
 * A status with a registration message shows that message: 'pending' (the account awaits
 * approval) as a confirmation, as the e-mail check shows it, the others (rejected, disabled) as
 * an error; success stores the session for every island, closes the dialog and goes to
 * `returnTo` when one was given. Forgot password opens changePassword. An unverified account is
 * offered a new verification link; after too many wrong passwords (429) the dialog says how long
 * to wait and offers the password reset.
 */
import { useState } from 'react';
import { LoginSchema } from '../../domain/validation/login.ts';
import { ApiError, call, client } from '../../lib/api.ts';
import { closeDialog, openDialog, type DialogProps } from '../../stores/dialog.ts';
import { setSession } from '../../stores/session.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { Notice, SubmitButton, TextField } from './fields.tsx';
import { statusMessage } from './flows.ts';
import { generalMessage, useForm, wait } from './use-form.ts';

export const SUBMIT_WAIT_MS = 1000;

/** The refusal after too many wrong passwords: how long to wait, and the way out. */
export function tooManyTries(retryAfter: unknown): string {
  const seconds = Number(retryAfter);
  const minutes = Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds / 60) : 0;
  const wait = minutes ? `in ${minutes} minute${minutes === 1 ? '' : 's'}` : 'later';
  return `Too many sign-in attempts. Please try again ${wait}, or reset your password now.`;
}

export function LoginDialog({ props }: { props: DialogProps }) {
  const form = useForm(LoginSchema, { email: String(props.values?.email ?? ''), password: '' });
  const [remember, setRemember] = useState(false);
  const [confirmation, setConfirmation] = useState(props.confirmation);
  /** what the error line offers: a new verification link, or the password reset */
  const [help, setHelp] = useState<'resend' | 'reset' | null>(null);

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
      if (err instanceof ApiError && err.status === 429) {
        setHelp('reset');
        return form.setGeneral(tooManyTries(err.options?.retryAfter));
      }
      const status = err instanceof ApiError ? err.options?.status : undefined;
      const shown = await statusMessage(status);
      setHelp(status === 'unverified' ? 'resend' : null);
      if (shown && status === 'pending') setConfirmation(shown);
      else if (shown) form.setGeneral(shown);
      else throw err;
    }
  };

  const resend = async () => {
    setHelp(null);
    try {
      const r = await call(client.resendVerification.$post({ json: { email: form.values.email.trim() } }));
      form.setGeneral('');
      setConfirmation(r.message);
    } catch (err) {
      form.setGeneral(generalMessage(err));
    }
  };
  const forgot = () => openDialog('changePassword', { values: { email: form.values.email } });

  return (
    <DialogFrame title="Login" eyebrow="Trade customers">
      <form
        className="fx-form"
        noValidate
        onSubmit={(e) => (e.preventDefault(), void form.submit(login, ['email', 'password']))}
      >
        <Notice kind="info">{confirmation}</Notice>
        <Notice kind="error">{form.general}</Notice>
        {form.general && help === 'resend' && (
          <button type="button" className="fx-textlink" onClick={() => void resend()}>
            Send me a new verification link
          </button>
        )}
        {form.general && help === 'reset' && (
          <button type="button" className="fx-textlink" onClick={forgot}>
            Reset your password
          </button>
        )}
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
          <button type="button" className="fx-textlink" onClick={forgot}>
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
