/**
 * Validation schemas shared by the dialogs and the API (pure: valibot only). One schema per
 * input, with the spec's messages inside it and the limits exported as constants.
 */
export * from './fields.ts';
export * from './email.ts';
export * from './password.ts';
export * from './login.ts';
export * from './registration.ts';
export * from './account.ts';
