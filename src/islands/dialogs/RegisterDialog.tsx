/**
 * The register dialog: every field of the registration payload (title through
 * acceptTermsAndConditions), checked with the API's RegisterSchema. The e-mail and password
 * come from the previous steps; when the dialog is opened directly (API access panel), it
 * asks for them too. Waits 1 s before it submits; success opens a message saying that a
 * verification e-mail was sent.
 */
import { RegisterSchema, emptyRegistrationDetails } from '../../domain/validation/registration.ts';
import { api } from '../../lib/api.ts';
import { openDialog, type DialogProps } from '../../stores/dialog.ts';
import { countryNames } from './countries.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { CheckField, Notice, SubmitButton, TextAreaField, TextField } from './fields.tsx';
import { TradeReferences } from './TradeReferences.tsx';
import { useForm, wait } from './use-form.ts';
import { SUBMIT_WAIT_MS } from './LoginDialog.tsx';

const TITLES = ['', 'Mr', 'Mrs', 'Ms', 'Miss', 'Dr'];

export function RegisterDialog({ props }: { props: DialogProps }) {
  const carried = props.values ?? {};
  const hasCredentials = typeof carried.email === 'string' && typeof carried.password === 'string';
  const form = useForm(RegisterSchema, {
    email: '',
    password: '',
    password_confirm: '',
    ...emptyRegistrationDetails(),
    ...(props.requestApiAccess ? { requestApiAccess: true } : {}),
    ...carried,
  } as Record<string, unknown>);
  const values = form.values;
  const set = form.set as (key: string, value: unknown) => void;

  const register = async (v: Record<string, unknown>) => {
    await wait(SUBMIT_WAIT_MS);
    const r = await api.post<{ email: string; message: string }>('/register', v);
    openDialog('message', { title: 'Please check your e-mail', text: r.message });
  };
  const shown = Object.keys(values).filter((k) =>
    hasCredentials ? !['email', 'password', 'password_confirm'].includes(k) : true,
  );

  return (
    <DialogFrame
      wide
      title="Register"
      eyebrow={hasCredentials ? 'Registration · step 2 of 2' : 'Trade registration'}
      description="Tell us about your business. Our team reviews every application once your e-mail is verified."
      onBack={
        hasCredentials
          ? () => openDialog('password', { values: carried, requestApiAccess: props.requestApiAccess })
          : undefined
      }
    >
      <form
        ref={form.formRef}
        className="fx-form"
        noValidate
        onSubmit={(e) => (e.preventDefault(), void form.submit(register, shown))}
      >
        <Notice kind="error">{form.general}</Notice>
        {hasCredentials ? (
          <p className="fx-carried">{String(carried.email)}</p>
        ) : (
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
            <TextField
              form={form}
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              required
            />
            <TextField
              form={form}
              name="password_confirm"
              label="Confirm password"
              type="password"
              autoComplete="new-password"
              required
            />
          </div>
        )}
        <div className="fx-grid">
          <div className="field">
            <label className="field__label" htmlFor="reg-title">
              Title
            </label>
            <select
              id="reg-title"
              className="select"
              value={String(values.title ?? '')}
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
          <TextField form={form} name="companyName" label="Company name" autoComplete="organization" required />
          <TextField form={form} name="companyWebsite" label="Company website" type="url" autoComplete="url" />
          <TextField form={form} name="phone" label="Phone" type="tel" autoComplete="tel" required />
          <TextField form={form} name="mobileTelephone" label="Mobile telephone" type="tel" autoComplete="tel" />
          <TextField form={form} name="addressLine1" label="Address line 1" autoComplete="address-line1" required />
          <TextField form={form} name="addressLine2" label="Address line 2" autoComplete="address-line2" />
          <TextField form={form} name="city" label="City" autoComplete="address-level2" required />
          <TextField form={form} name="county" label="County" autoComplete="address-level1" />
          <TextField form={form} name="postcode" label="Postcode" autoComplete="postal-code" required />
          <TextField
            form={form}
            name="country"
            label="Country"
            autoComplete="country-name"
            list="reg-countries"
            required
          />
          <datalist id="reg-countries">
            {countryNames().map((c) => (
              <option key={c} value={c} />
            ))}
          </datalist>
        </div>
        <TradeReferences
          refs={values.tradeReferences as string[]}
          error={form.errorOf('tradeReferences')}
          onChange={(refs) => set('tradeReferences', refs)}
          onBlur={() => form.blur('tradeReferences')}
        />
        <CheckField form={form} name="requestApiAccess">
          I would also like access to the stock API
        </CheckField>
        {values.requestApiAccess === true && (
          <TextAreaField
            form={form}
            name="requestApiAccessMessage"
            label="Message"
            rows={4}
            placeholder="How would you like to use the API?"
          />
        )}
        <CheckField form={form} name="acceptTermsAndConditions">
          I accept the{' '}
          <button
            type="button"
            className="fx-textlink fx-inline"
            onClick={() => openDialog('terms', { values, requestApiAccess: props.requestApiAccess })}
          >
            Terms and Conditions
          </button>
        </CheckField>
        <div className="fx-actions">
          <SubmitButton busy={form.busy}>Register</SubmitButton>
        </div>
      </form>
    </DialogFrame>
  );
}
