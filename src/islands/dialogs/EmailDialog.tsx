/**
 * The e-mail dialog: checks whether the e-mail has an account, then opens login (with a
 * registration message when the account's status has one), a message with Resend Email (not yet
 * verified) or the password dialog (new customer, then registration).
 */
import { EmailSchema } from '../../domain/validation/email.ts';
import type { DialogProps } from '../../stores/dialog.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { Notice, SubmitButton, TextField } from './fields.tsx';
import { checkEmail } from './flows.ts';
import { useForm } from './use-form.ts';

export function EmailDialog({ props }: { props: DialogProps }) {
  const form = useForm(EmailSchema, { email: String(props.values?.email ?? '') });
  return (
    <DialogFrame
      title="Trade account"
      eyebrow="Welcome"
      description="Enter your business e-mail address. We will sign you in, or start your trade registration."
    >
      <form
        className="fx-form"
        noValidate
        onSubmit={(e) => (e.preventDefault(), void form.submit((v) => checkEmail(v.email.trim())))}
      >
        <Notice kind="info">{props.confirmation}</Notice>
        <Notice kind="error">{form.general}</Notice>
        <TextField form={form} name="email" label="Email" type="email" autoComplete="email" required />
        <div className="fx-actions">
          <SubmitButton busy={form.busy}>Continue</SubmitButton>
        </div>
      </form>
    </DialogFrame>
  );
}
