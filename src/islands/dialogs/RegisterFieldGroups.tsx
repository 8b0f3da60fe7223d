/**
 * The register form's detail fields in three groups (contact person, company, address),
 * laid out by the caller in one two-column grid.
 */
import { countryNames } from './countries.ts';
import { TextField, type FormLike } from './fields.tsx';

const TITLES = ['', 'Mr', 'Mrs', 'Ms', 'Miss', 'Dr'];

/** title (a choice, '—' for none) and the contact's names */
export function ContactFields({ form }: { form: FormLike }) {
  const set = form.set as (key: string, value: unknown) => void;
  return (
    <>
      <div className="field">
        <label className="field__label" htmlFor="reg-title">
          Title
        </label>
        <select
          id="reg-title"
          className="select"
          value={String(form.values.title ?? '')}
          onChange={(e) => set('title', e.target.value)}
        >
          {TITLES.map((t) => (
            <option key={t} value={t}>
              {t || '—'}
            </option>
          ))}
        </select>
      </div>
      <span className="fx-gap" aria-hidden="true" />
      <TextField form={form} name="firstName" label="First name" autoComplete="given-name" required />
      <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" required />
    </>
  );
}

/** the company, its website and its telephone numbers */
export function CompanyFields({ form }: { form: FormLike }) {
  return (
    <>
      <TextField form={form} name="companyName" label="Company name" autoComplete="organization" required />
      <TextField form={form} name="companyWebsite" label="Company website" type="url" autoComplete="url" />
      <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" required />
      <TextField form={form} name="mobileTelephone" label="Mobile telephone" type="tel" autoComplete="tel" />
    </>
  );
}

/** the postal address; the country is typed with the known country names suggested */
export function AddressFields({ form }: { form: FormLike }) {
  return (
    <>
      <TextField form={form} name="addressLine1" label="Address line 1" autoComplete="address-line1" required />
      <TextField form={form} name="addressLine2" label="Address line 2" autoComplete="address-line2" />
      <TextField form={form} name="city" label="City" autoComplete="address-level2" required />
      <TextField form={form} name="county" label="County" autoComplete="address-level1" />
      <TextField form={form} name="postcode" label="Postcode" autoComplete="postal-code" required />
      <TextField form={form} name="country" label="Country" autoComplete="country-name" list="reg-countries" required />
      <datalist id="reg-countries">
        {countryNames().map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
    </>
  );
}
