/**
 * The e-mail field: e-mail entry dialog, registration section, login, forgot password,
 * resend verification. Pure (valibot only): the dialogs and the API parse with it.
 */
import * as v from 'valibot';
import { BODY_MESSAGE } from './fields.ts';

/** RFC 5321 limit of an address. */
export const EMAIL_MAX = 254;

export const EMAIL_MESSAGES = {
  required: 'Email is required',
  invalid: 'Please enter a valid email',
  tooLong: `Email must be at most ${EMAIL_MAX} characters`,
} as const;

/** A required, trimmed, valid e-mail address. */
export const EmailField = v.pipe(
  v.optional(v.string(EMAIL_MESSAGES.required), ''),
  v.trim(),
  v.nonEmpty(EMAIL_MESSAGES.required),
  v.maxLength(EMAIL_MAX, EMAIL_MESSAGES.tooLong),
  v.email(EMAIL_MESSAGES.invalid),
);

/** `{ email }`: the e-mail dialog, the registration section, forgot password, resend verification. */
export const EmailSchema = v.object({ email: EmailField }, BODY_MESSAGE);
export type EmailInput = v.InferInput<typeof EmailSchema>;

/** Forgot password (changePassword dialog) and resend verification send the same body. */
export const ForgotPasswordSchema = EmailSchema;
export const ResendVerificationSchema = EmailSchema;
