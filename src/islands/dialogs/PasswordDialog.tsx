/**
 * The password dialog, in two uses:
 * - password setup of a new customer (after the e-mail check): password + password_confirm
 *   with the shared rule, then registration carrying the values;
 * - the new-password dialog of a reset link (`props.token`): posts POST /reset, then opens
 *   login with "Your password has been reset"; a failure opens an Error dialog.
 */
import { PasswordSetupSchema } from '../../domain/validation/password.ts';
import { call, client } from '../../lib/api.ts';
import { openDialog, type DialogProps } from '../../stores/dialog.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { NewPasswordFields, SubmitButton } from './fields.tsx';
import { openErrorDialog } from './flows.ts';
import { useForm } from './use-form.ts';

export function PasswordDialog({ props }: { props: DialogProps }) {
  const carried = props.values ?? {};
  const form = useForm(PasswordSetupSchema, {
    password: String(carried.password ?? ''),
    password_confirm: String(carried.password_confirm ?? ''),
  });
  const reset = props.token != null;

  const next = async (v: { password: string; password_confirm: string }) => {
    if (!reset) {
      openDialog('register', { values: { ...carried, ...v }, requestApiAccess: props.requestApiAccess });
      return;
    }
    try {
      const done = await call(client.reset.$post({ json: { id: props.token, ...v } }));
      openDialog('login', { values: { email: done.email }, confirmation: done.message });
    } catch (err) {
      openErrorDialog(err);
    }
  };

  return (
    <DialogFrame
      title={reset ? 'Choose a new password' : 'Create your password'}
      eyebrow={reset ? 'Password reset' : 'Registration · step 1 of 2'}
      description="At least 8 characters, with a lowercase letter, an uppercase letter, a number and a symbol."
      onBack={reset ? undefined : () => openDialog('email', { values: { email: carried.email } })}
    >
      <form className="fx-form" noValidate onSubmit={(e) => (e.preventDefault(), void form.submit(next))}>
        {!reset && carried.email ? <p className="fx-carried">{String(carried.email)}</p> : null}
        <NewPasswordFields form={form} />
        <div className="fx-actions">
          <SubmitButton busy={form.busy}>Continue</SubmitButton>
        </div>
      </form>
    </DialogFrame>
  );
}
