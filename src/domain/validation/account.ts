/**
 * The signed-in customer's own forms: profile edit, change password, dialog settings and
 * the API access request. Pure (valibot only).
 */
import * as v from 'valibot';
import { CURRENCY_CODES } from '../money.ts';
import { BODY_MESSAGE, MESSAGE_MAX, optionalText } from './fields.ts';
import { PASSWORD_MESSAGES, passwordSetupEntries, passwordsMatch } from './password.ts';
import { profileEntries } from './registration.ts';

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
  samePassword: 'The new password must differ from the current one',
} as const;

/**
 * PATCH /profile: any subset of the profile fields, each checked by its registration rule
 * (so a blank first name still answers "First name is required"). The e-mail address is
 * not editable here: changing it would need a fresh verification.
 */
export const ProfileUpdateSchema = v.partial(v.object(profileEntries, BODY_MESSAGE));
export type ProfileUpdateInput = v.InferInput<typeof ProfileUpdateSchema>;
export type ProfileUpdateValues = v.InferOutput<typeof ProfileUpdateSchema>;

/** POST /profile/change-password. */
export const ChangePasswordSchema = v.pipe(
  v.object(
    {
      currentPassword: v.pipe(
        v.optional(v.string(ACCOUNT_MESSAGES.currentPasswordRequired), ''),
        v.nonEmpty(ACCOUNT_MESSAGES.currentPasswordRequired),
        v.maxLength(1024, PASSWORD_MESSAGES.max),
      ),
      ...passwordSetupEntries,
    },
    BODY_MESSAGE,
  ),
  passwordsMatch(),
);
export type ChangePasswordInput = v.InferInput<typeof ChangePasswordSchema>;

export const DIALOG_SETTING_NAMES = ['resetFilters', 'resetSearch'] as const;
export const DIALOG_SETTING_VALUES = ['yes', 'no'] as const;

/** PATCH /profile/updateDialogSettings. */
export const DialogSettingSchema = v.object(
  {
    settingName: v.picklist(DIALOG_SETTING_NAMES, `settingName must be one of ${DIALOG_SETTING_NAMES.join(', ')}`),
    settingValue: v.picklist(DIALOG_SETTING_VALUES, `settingValue must be one of ${DIALOG_SETTING_VALUES.join(', ')}`),
  },
  BODY_MESSAGE,
);
export type DialogSettingInput = v.InferInput<typeof DialogSettingSchema>;

/** PATCH /profile/currency: the display currency to remember (one the site offers). */
export const CurrencySettingSchema = v.object(
  { ccy: v.picklist(CURRENCY_CODES, `ccy must be one of ${CURRENCY_CODES.join(', ')}`) },
  BODY_MESSAGE,
);

/** POST /register-api-access: the spec puts no rule on the message beyond a length cap. */
export const ApiAccessRequestSchema = v.object(
  { requestApiAccessMessage: optionalText('Message', MESSAGE_MAX) },
  BODY_MESSAGE,
);
export type ApiAccessRequestInput = v.InferInput<typeof ApiAccessRequestSchema>;
