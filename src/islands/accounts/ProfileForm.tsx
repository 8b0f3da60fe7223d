/** The profile edit form of /my-account (fields of the registration, without terms and API request). */
import type { Form } from '../dialogs/use-form.ts';
import { Notice, SubmitButton, TextField } from '../dialogs/fields.tsx';
import { TradeReferences } from '../dialogs/TradeReferences.tsx';
import { PROFILE_FIELDS, type ProfileValues } from './profile-fields.ts';

const REQUIRED = new Set([
  'firstName',
  'lastName',
  'companyName',
  'phone',
  'addressLine1',
  'city',
  'postcode',
  'country',
]);

type Props = {
  form: Form<ProfileValues>;
  onSave: (v: ProfileValues) => Promise<void>;
  onCancel: () => void;
};

export function ProfileForm({ form, onSave, onCancel }: Props) {
  return (
    <form className="fx-form" noValidate onSubmit={(e) => (e.preventDefault(), void form.submit(onSave))}>
      <Notice kind="error">{form.general}</Notice>
      <div className="fx-grid">
        {PROFILE_FIELDS.map(([k, label]) => (
          <TextField key={k} form={form} name={k} label={label} required={REQUIRED.has(k)} />
        ))}
      </div>
      <TradeReferences
        refs={form.values.tradeReferences}
        error={form.errorOf('tradeReferences')}
        onChange={(refs) => form.set('tradeReferences', refs)}
        onBlur={() => form.blur('tradeReferences')}
      />
      <div className="fx-actions">
        <SubmitButton busy={form.busy}>Save details</SubmitButton>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
