/**
 * The register dialog: every field of the registration payload (title through
 * acceptTermsAndConditions), checked with the API's RegisterSchema. The e-mail and password
 * come from the previous steps; when the dialog is opened directly (API access panel), it
 * asks for them too. Waits 1 s before it submits; success opens a message saying that a
 * verification e-mail was sent.
 */
import { openDialog, type DialogProps } from '../../stores/dialog.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { CheckField, Notice, SubmitButton, TextAreaField } from './fields.tsx';
import { RegisterCredentials } from './RegisterCredentials.tsx';
import { AddressFields, CompanyFields, ContactFields } from './RegisterFieldGroups.tsx';
import { TradeReferences } from './TradeReferences.tsx';
import { useRegister } from './use-register.ts';

export function RegisterDialog({ props }: { props: DialogProps }) {
  const { form, carried, hasCredentials, submit } = useRegister(props);
  const values = form.values;
  const set = form.set as (key: string, value: unknown) => void;

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
      <form ref={form.formRef} className="fx-form" noValidate onSubmit={(e) => (e.preventDefault(), submit())}>
        <Notice kind="error">{form.general}</Notice>
        <RegisterCredentials form={form} carriedEmail={hasCredentials ? String(carried.email) : null} />
        <div className="fx-grid">
          <ContactFields form={form} />
          <CompanyFields form={form} />
          <AddressFields form={form} />
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
