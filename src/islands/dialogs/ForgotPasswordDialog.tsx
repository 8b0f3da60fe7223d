/**
 * changePassword = forgot password: the e-mail goes to POST /forgot, then login opens with the
 * confirmation that a reset link was sent; a failure opens an Error dialog.
 */
import { ForgotPasswordSchema } from '../../domain/validation/email.ts';
import { call, client } from '../../lib/api.ts';
import { openDialog, type DialogProps } from '../../stores/dialog.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { SubmitButton, TextField } from './fields.tsx';
import { openErrorDialog } from './flows.ts';
import { useForm } from './use-form.ts';

export function ForgotPasswordDialog({ props }: { props: DialogProps }) {
  const form = useForm(ForgotPasswordSchema, { email: String(props.values?.email ?? '') });

  const send = async ({ email }: { email: string }) => {
    try {
      const r = await call(client.forgot.$post({ json: { email: email.trim() } }));
      openDialog('login', { values: { email: email.trim() }, confirmation: r.message });
    } catch (err) {
      openErrorDialog(err);
    }
  };

  return (
    <DialogFrame
      title="Forgot password"
      eyebrow="Password reset"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
      onBack={() => openDialog('login', { values: { email: form.values.email } })}
    >
      <form className="fx-form" noValidate onSubmit={(e) => (e.preventDefault(), void form.submit(send))}>
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
        <div className="fx-actions">
          <SubmitButton busy={form.busy}>Send reset link</SubmitButton>
        </div>
      </form>
    </DialogFrame>
  );
}
