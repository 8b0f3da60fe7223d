import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  ChangePasswordSchema,
  DialogSettingSchema,
  EmailSchema,
  ForgotPasswordSchema,
  LoginSchema,
  PASSWORD_MIN,
  PasswordSetupSchema,
  RegisterSchema,
  RegistrationDetailsSchema,
  ResetPasswordSchema,
  TRADE_REFERENCES_INITIAL,
  TRADE_REFERENCES_MAX,
  emptyRegistrationDetails,
} from '../../src/domain/validation/index.ts';

/** The first message for each field, as the API's field errors and the forms show them. */
function messages(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const r = v.safeParse(schema, input);
  const out: Record<string, string> = {};
  for (const issue of r.issues ?? []) {
    const path = v.getDotPath(issue) ?? '_';
    out[path] ??= issue.message;
  }
  return out;
}
const GOOD = 'Facet#Trade2026';

const details = {
  title: 'Ms',
  firstName: 'Grace',
  lastName: 'Marlow',
  companyName: 'Marlow Fine Jewellery',
  phone: '+44 113 496 0000',
  addressLine1: '2 Briggate',
  city: 'Leeds',
  postcode: 'LS1 6HD',
  country: 'United Kingdom',
  tradeReferences: ['Moss & Daughter Casting', ''],
  acceptTermsAndConditions: true,
};

describe('the shared password rule', () => {
  it.each([
    ['', 'Password is required'],
    [undefined, 'Password is required'],
    ['Ab1!xyz', 'Password must be at least 8 characters'],
    ['ABCDEFG1!', 'Password must contain at least 1 lowercase letter'],
    ['abcdefg1!', 'Password must contain at least 1 uppercase letter'],
    ['Abcdefgh!', 'Password must contain at least 1 number'],
    ['Abcdefgh1', 'Password must contain at least 1 symbol'],
  ])('password %j -> "%s"', (password, message) => {
    expect(messages(PasswordSetupSchema, { password, password_confirm: password }).password).toBe(message);
  });

  it(`accepts ${PASSWORD_MIN} characters with all four kinds`, () => {
    expect(v.safeParse(PasswordSetupSchema, { password: 'Abcdef1!', password_confirm: 'Abcdef1!' }).success).toBe(true);
  });

  it('a space is not a symbol; any other non-alphanumeric character is', () => {
    expect(messages(PasswordSetupSchema, { password: 'Abcdef 12', password_confirm: 'Abcdef 12' }).password).toBe(
      'Password must contain at least 1 symbol',
    );
    expect(v.safeParse(PasswordSetupSchema, { password: 'Abcdef_12', password_confirm: 'Abcdef_12' }).success).toBe(
      true,
    );
  });

  it('password_confirm is required: "Password confirmation is required"', () => {
    expect(messages(PasswordSetupSchema, { password: GOOD, password_confirm: '' }).password_confirm).toBe(
      'Password confirmation is required',
    );
    expect(messages(PasswordSetupSchema, { password: GOOD }).password_confirm).toBe(
      'Password confirmation is required',
    );
  });

  it('password_confirm must match: "Passwords must match"', () => {
    expect(messages(PasswordSetupSchema, { password: GOOD, password_confirm: `${GOOD}x` })).toEqual({
      password_confirm: 'Passwords must match',
    });
  });

  it('every schema that takes a new password refuses a different confirmation the same way', () => {
    const pair = { password: GOOD, password_confirm: `${GOOD}x` };
    const mismatch = { password_confirm: 'Passwords must match' };
    expect(messages(PasswordSetupSchema, pair)).toEqual(mismatch);
    expect(messages(ResetPasswordSchema, { id: 'token', ...pair })).toEqual(mismatch);
    expect(messages(ChangePasswordSchema, { currentPassword: 'x', ...pair })).toEqual(mismatch);
    expect(messages(RegisterSchema, { ...emptyRegistrationDetails(), email: 'a@b.co', ...pair }).password_confirm).toBe(
      'Passwords must match',
    );
    // the reset call may leave the confirmation out (the dialog checked it already)
    expect(v.safeParse(ResetPasswordSchema, { id: 'token', password: GOOD }).success).toBe(true);
  });

  it('the reset request uses the same rule', () => {
    expect(messages(ResetPasswordSchema, { id: 'token', password: 'abcdefg1!' }).password).toBe(
      'Password must contain at least 1 uppercase letter',
    );
    expect(messages(ResetPasswordSchema, { password: GOOD }).id).toBe('Token is required');
  });

  it('change password needs the current one and the same rule for the new one', () => {
    expect(messages(ChangePasswordSchema, { password: GOOD, password_confirm: GOOD })).toEqual({
      currentPassword: 'Current password is required',
    });
    expect(
      messages(ChangePasswordSchema, { currentPassword: 'x', password: 'Abcdefgh', password_confirm: 'Abcdefgh' })
        .password,
    ).toBe('Password must contain at least 1 number');
  });
});

describe('e-mail entry, forgot password and login', () => {
  it.each([
    ['', 'Email is required'],
    ['   ', 'Email is required'],
    [undefined, 'Email is required'],
    ['buyer', 'Please enter a valid email'],
    ['buyer@', 'Please enter a valid email'],
    ['buyer@example', 'Please enter a valid email'],
  ])('email %j -> "%s"', (email, message) => {
    expect(messages(EmailSchema, { email }).email).toBe(message);
    expect(messages(ForgotPasswordSchema, { email }).email).toBe(message);
    expect(messages(LoginSchema, { email, password: 'x' }).email).toBe(message);
  });

  it('trims a valid address', () => {
    expect(v.parse(EmailSchema, { email: ' buyer@example.com ' })).toEqual({ email: 'buyer@example.com' });
  });

  it('login needs a password, but not one that meets the rule (older accounts)', () => {
    expect(messages(LoginSchema, { email: 'buyer@example.com', password: '' })).toEqual({
      password: 'Password is required',
    });
    expect(v.safeParse(LoginSchema, { email: 'buyer@example.com', password: 'short' }).success).toBe(true);
  });

  it("rememberMe 'y' (or true) means remember; absent means a browser session", () => {
    const base = { email: 'buyer@example.com', password: 'x' };
    expect(v.parse(LoginSchema, { ...base, rememberMe: 'y' }).rememberMe).toBe(true);
    expect(v.parse(LoginSchema, { ...base, rememberMe: true }).rememberMe).toBe(true);
    expect(v.parse(LoginSchema, base).rememberMe).toBe(false);
    expect(v.parse(LoginSchema, { ...base, rememberMe: '' }).rememberMe).toBe(false);
    expect(v.safeParse(LoginSchema, { ...base, rememberMe: 'always' }).success).toBe(false);
  });
});

describe('registration', () => {
  it.each([
    ['firstName', 'First name is required'],
    ['lastName', 'Last name is required'],
    ['companyName', 'Company name is required'],
    ['addressLine1', 'Address line 1 is required'],
    ['city', 'City is required'],
    ['postcode', 'Postcode is required'],
    ['phone', 'Phone number is required'],
    ['country', 'Country is required'],
  ])('%s is required: "%s"', (field, message) => {
    expect(messages(RegistrationDetailsSchema, { ...details, [field]: '' })).toEqual({ [field]: message });
    expect(messages(RegistrationDetailsSchema, { ...details, [field]: '   ' })).toEqual({ [field]: message });
    const { [field as keyof typeof details]: _gone, ...without } = details;
    expect(messages(RegistrationDetailsSchema, without)).toEqual({ [field]: message });
  });

  it('the optional fields may be left out', () => {
    expect(v.safeParse(RegistrationDetailsSchema, details).success).toBe(true);
  });

  it('acceptTermsAndConditions must be true: "Must Accept Terms and Conditions"', () => {
    expect(messages(RegistrationDetailsSchema, { ...details, acceptTermsAndConditions: false })).toEqual({
      acceptTermsAndConditions: 'Must Accept Terms and Conditions',
    });
    const { acceptTermsAndConditions: _a, ...without } = details;
    expect(messages(RegistrationDetailsSchema, without)).toEqual({
      acceptTermsAndConditions: 'Must Accept Terms and Conditions',
    });
  });

  it.each([[['', '']], [['  ', '']], [[]], [undefined], [['', 'Second only']]])(
    'trade references %j -> "Please enter at least 1 Trade Reference" (the first is required)',
    (tradeReferences) => {
      expect(messages(RegistrationDetailsSchema, { ...details, tradeReferences })).toEqual({
        tradeReferences: 'Please enter at least 1 Trade Reference',
      });
    },
  );

  it(`at most ${TRADE_REFERENCES_MAX} trade references`, () => {
    const refs = (n: number) => Array.from({ length: n }, (_, i) => `Reference ${i + 1}`);
    expect(
      v.safeParse(RegistrationDetailsSchema, { ...details, tradeReferences: refs(TRADE_REFERENCES_MAX) }).success,
    ).toBe(true);
    expect(
      messages(RegistrationDetailsSchema, { ...details, tradeReferences: refs(TRADE_REFERENCES_MAX + 1) }),
    ).toEqual({
      tradeReferences: 'Please enter at most 5 Trade References',
    });
  });

  it(`a blank form starts with ${TRADE_REFERENCES_INITIAL} blank trade references`, () => {
    expect(TRADE_REFERENCES_INITIAL).toBe(2);
    expect(emptyRegistrationDetails().tradeReferences).toEqual(['', '']);
  });

  it('caps text lengths', () => {
    expect(messages(RegistrationDetailsSchema, { ...details, companyName: 'x'.repeat(201) })).toEqual({
      companyName: 'Company name must be at most 200 characters',
    });
    expect(messages(RegistrationDetailsSchema, { ...details, requestApiAccessMessage: 'x'.repeat(2001) })).toEqual({
      requestApiAccessMessage: 'Message must be at most 2000 characters',
    });
  });

  it('the register call carries the e-mail and the password pair with their own messages', () => {
    expect(
      messages(RegisterSchema, { ...details, email: 'nope', password: 'Abcdefg1!', password_confirm: 'Abcdefg1?' }),
    ).toEqual({
      email: 'Please enter a valid email',
      password_confirm: 'Passwords must match',
    });
    const ok = v.parse(RegisterSchema, { ...details, email: 'a@b.co', password: GOOD, password_confirm: GOOD });
    expect(ok).toMatchObject({
      requestApiAccess: false,
      requestApiAccessMessage: '',
      companyWebsite: '',
      tradeReferences: ['Moss & Daughter Casting', ''],
    });
  });
});

describe('dialog settings', () => {
  it('names resetFilters or resetSearch, values yes or no', () => {
    expect(v.safeParse(DialogSettingSchema, { settingName: 'resetFilters', settingValue: 'yes' }).success).toBe(true);
    expect(v.safeParse(DialogSettingSchema, { settingName: 'resetSearch', settingValue: 'maybe' }).success).toBe(false);
    expect(v.safeParse(DialogSettingSchema, { settingName: 'role', settingValue: 'no' }).success).toBe(false);
  });
});
