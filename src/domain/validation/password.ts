/**
 * The shared password rule and the password-setup pair (password + password_confirm).
 * Pure (valibot only): the password, new-password and change-password dialogs and the API
 * parse with the same schemas, so the messages are written once.
 */
import * as v from 'valibot';
import { BODY_MESSAGE } from './fields.ts';

export const PASSWORD_MIN = 8;
/** An upper bound keeps hashing cheap for absurd inputs; long passphrases still fit. */
export const PASSWORD_MAX = 128;

export const PASSWORD_MESSAGES = {
  required: 'Password is required',
  min: `Password must be at least ${PASSWORD_MIN} characters`,
  max: `Password must be at most ${PASSWORD_MAX} characters`,
  lowercase: 'Password must contain at least 1 lowercase letter',
  uppercase: 'Password must contain at least 1 uppercase letter',
  number: 'Password must contain at least 1 number',
  symbol: 'Password must contain at least 1 symbol',
  confirmRequired: 'Password confirmation is required',
  mismatch: 'Passwords must match',
} as const;

/**
 * The shared rule: at least 8 characters with a lowercase letter, an uppercase letter, a
 * number and a symbol (any character that is not a letter, a digit or white space).
 * Passwords are never trimmed.
 */
export const PasswordField = v.pipe(
  v.optional(v.string(PASSWORD_MESSAGES.required), ''),
  v.nonEmpty(PASSWORD_MESSAGES.required),
  v.minLength(PASSWORD_MIN, PASSWORD_MESSAGES.min),
  v.maxLength(PASSWORD_MAX, PASSWORD_MESSAGES.max),
  v.regex(/\p{Ll}/u, PASSWORD_MESSAGES.lowercase),
  v.regex(/\p{Lu}/u, PASSWORD_MESSAGES.uppercase),
  v.regex(/\p{N}/u, PASSWORD_MESSAGES.number),
  v.regex(/[^\p{L}\p{N}\s]/u, PASSWORD_MESSAGES.symbol),
);

/**
 * Any non-empty password (login, current password): the rule is not re-checked there, so
 * an account made under an older rule can still sign in.
 */
export const PasswordPresentField = v.pipe(
  v.optional(v.string(PASSWORD_MESSAGES.required), ''),
  v.nonEmpty(PASSWORD_MESSAGES.required),
  v.maxLength(PASSWORD_MAX, PASSWORD_MESSAGES.max),
);

export const PasswordConfirmField = v.pipe(
  v.optional(v.string(PASSWORD_MESSAGES.confirmRequired), ''),
  v.nonEmpty(PASSWORD_MESSAGES.confirmRequired),
);

/**
 * password + password_confirm, to spread into an object schema; the schema then pipes
 * `passwordsMatch()` after it (as PasswordSetupSchema does).
 */
export const passwordSetupEntries = {
  password: PasswordField,
  password_confirm: PasswordConfirmField,
};

type PasswordPair = { password: string; password_confirm?: string | undefined };
type PasswordsMatchIssue = v.PartialCheckIssue<PasswordPair>;

/**
 * The confirmation, when sent, must equal the password ("Passwords must match", shown under
 * password_confirm). It is checked as soon as both fields are valid, so it shows alongside
 * other fields' errors. Every form and route that takes a new password pipes this after its
 * object schema.
 */
export function passwordsMatch<TInput extends PasswordPair>(): v.BaseValidation<TInput, TInput, PasswordsMatchIssue> {
  const check = v.forward<PasswordPair, PasswordsMatchIssue, ['password_confirm']>(
    v.partialCheck(
      [['password'], ['password_confirm']],
      (i: PasswordPair) => i.password_confirm === undefined || i.password === i.password_confirm,
      PASSWORD_MESSAGES.mismatch,
    ),
    ['password_confirm'],
  );
  // valibot cannot type field paths on a generic input, so the check is typed on the pair; it
  // reads those two fields only and hands the whole input on unchanged, so it fits any TInput
  return check as unknown as v.BaseValidation<TInput, TInput, PasswordsMatchIssue>;
}

/** Password dialog (before registration) and the new-password dialog of a reset link. */
export const PasswordSetupSchema = v.pipe(v.object(passwordSetupEntries, BODY_MESSAGE), passwordsMatch());
export type PasswordSetupInput = v.InferInput<typeof PasswordSetupSchema>;

/** Token field of the verify and reset requests (`id` in the spec). */
export const TOKEN_MAX = 200;
export const TokenField = v.pipe(
  v.optional(v.string('Token is required'), ''),
  v.trim(),
  v.nonEmpty('Token is required'),
  v.maxLength(TOKEN_MAX, 'invalid_token'),
);

/** POST /verify `{ id }`. */
export const VerifySchema = v.object({ id: TokenField }, BODY_MESSAGE);

/**
 * POST /reset `{ id, password, password_confirm? }`. The spec sends id and password; the
 * new-password dialog validates the pair with PasswordSetupSchema first, and when the
 * confirmation is sent along the server checks it too.
 */
export const ResetPasswordSchema = v.pipe(
  v.object(
    {
      id: TokenField,
      password: PasswordField,
      password_confirm: v.optional(v.string(PASSWORD_MESSAGES.confirmRequired)),
    },
    BODY_MESSAGE,
  ),
  passwordsMatch(),
);
export type ResetPasswordInput = v.InferInput<typeof ResetPasswordSchema>;
