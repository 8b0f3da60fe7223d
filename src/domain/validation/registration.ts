/**
 * Registration: the register dialog's company details (RegistrationDetailsSchema) and the
 * whole POST /register body (RegisterSchema = details + email + password pair, which the
 * e-mail and password dialogs carry into registration). Pure (valibot only).
 */
import * as v from 'valibot';
import { EmailField } from './email.ts';
import { BODY_MESSAGE, MESSAGE_MAX, TEXT_MAX, optionalText, requiredText, tooLong } from './fields.ts';
import { passwordSetupEntries, passwordsMatch } from './password.ts';

export const TRADE_REFERENCES_MAX = 5;
/** The register dialog starts with this many blank trade reference inputs. */
export const TRADE_REFERENCES_INITIAL = 2;

export const REGISTRATION_MESSAGES = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  companyName: 'Company name is required',
  addressLine1: 'Address line 1 is required',
  city: 'City is required',
  postcode: 'Postcode is required',
  phone: 'Phone number is required',
  country: 'Country is required',
  acceptTermsAndConditions: 'Must Accept Terms and Conditions',
  tradeReferences: 'Please enter at least 1 Trade Reference',
  tradeReferencesMax: `Please enter at most ${TRADE_REFERENCES_MAX} Trade References`,
} as const;

const TradeReferencesField = v.pipe(
  v.optional(
    v.array(
      v.pipe(
        v.optional(v.nullable(v.string('Trade references must be text')), ''),
        v.transform((s) => (s ?? '').trim()),
        v.maxLength(TEXT_MAX, tooLong('Trade reference', TEXT_MAX)),
      ),
      REGISTRATION_MESSAGES.tradeReferences,
    ),
    [],
  ),
  v.maxLength(TRADE_REFERENCES_MAX, REGISTRATION_MESSAGES.tradeReferencesMax),
  // the first reference is required, so a list of blanks and a blank first entry both fail
  v.check((refs) => (refs[0] ?? '') !== '', REGISTRATION_MESSAGES.tradeReferences),
);

/** Fields of a customer's profile (registration details without terms and API request). */
export const profileEntries = {
  title: optionalText('Title', 50),
  firstName: requiredText(REGISTRATION_MESSAGES.firstName, 'First name'),
  lastName: requiredText(REGISTRATION_MESSAGES.lastName, 'Last name'),
  companyName: requiredText(REGISTRATION_MESSAGES.companyName, 'Company name'),
  companyWebsite: optionalText('Company website'),
  phone: requiredText(REGISTRATION_MESSAGES.phone, 'Phone number', 50),
  mobileTelephone: optionalText('Mobile telephone', 50),
  addressLine1: requiredText(REGISTRATION_MESSAGES.addressLine1, 'Address line 1'),
  addressLine2: optionalText('Address line 2'),
  city: requiredText(REGISTRATION_MESSAGES.city, 'City', 100),
  county: optionalText('County', 100),
  postcode: requiredText(REGISTRATION_MESSAGES.postcode, 'Postcode', 20),
  country: requiredText(REGISTRATION_MESSAGES.country, 'Country', 100),
  tradeReferences: TradeReferencesField,
};

export const registrationDetailsEntries = {
  ...profileEntries,
  requestApiAccess: v.optional(v.boolean('requestApiAccess must be true or false'), false),
  requestApiAccessMessage: optionalText('Message', MESSAGE_MAX),
  acceptTermsAndConditions: v.pipe(
    v.optional(v.boolean(REGISTRATION_MESSAGES.acceptTermsAndConditions), false),
    v.check((accepted) => accepted, REGISTRATION_MESSAGES.acceptTermsAndConditions),
  ),
};

/** The register dialog's own fields (title through acceptTermsAndConditions). */
export const RegistrationDetailsSchema = v.object(registrationDetailsEntries, BODY_MESSAGE);
export type RegistrationDetailsInput = v.InferInput<typeof RegistrationDetailsSchema>;

/** POST /register: the registration payload plus email, password and password_confirm. */
export const RegisterSchema = v.pipe(
  v.object({ email: EmailField, ...passwordSetupEntries, ...registrationDetailsEntries }, BODY_MESSAGE),
  passwordsMatch(),
);
export type RegisterInput = v.InferInput<typeof RegisterSchema>;
export type RegisterValues = v.InferOutput<typeof RegisterSchema>;

/** The values a blank register form starts from (2 blank trade references). */
export const emptyRegistrationDetails = (): RegistrationDetailsInput => ({
  title: '',
  firstName: '',
  lastName: '',
  companyName: '',
  companyWebsite: '',
  phone: '',
  mobileTelephone: '',
  addressLine1: '',
  addressLine2: '',
  city: '',
  county: '',
  postcode: '',
  country: '',
  tradeReferences: Array.from({ length: TRADE_REFERENCES_INITIAL }, () => ''),
  requestApiAccess: false,
  requestApiAccessMessage: '',
  acceptTermsAndConditions: false,
});
