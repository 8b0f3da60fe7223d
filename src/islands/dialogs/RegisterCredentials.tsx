/**
 * The register form's sign-in part: the e-mail carried from the earlier steps, or (when the
 * dialog was opened directly) the e-mail, password and its confirmation.
 */
import { NewPasswordFields, TextField, type FormLike } from './fields.tsx';

type Props = { form: FormLike; carriedEmail: string | null };

export function RegisterCredentials({ form, carriedEmail }: Props) {
  if (carriedEmail != null) return <p className="fx-carried">{carriedEmail}</p>;
  return (
    <div className="fx-grid">
      <TextField
        form={form}
        name="email"
        label="Email"
        type="email"
        autoComplete="email"
        required
        className="fx-span"
      />
      <NewPasswordFields form={form} />
    </div>
  );
}
