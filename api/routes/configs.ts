/**
 * Public settings documents under /api/v1/configs:
 *
 *   GET /configs/registration-messages  ->  200 { fields: { unverified, pending, rejected, disabled } }
 *
 * The messages the dialogs show for an account status (spec section 4): the configs row of
 * type `registration_messages` over the built-in defaults below, so every status has one.
 */
import { Hono } from 'hono';
import { configFields } from '../services/site-state.ts';
import type { AppEnv, Deps } from '../types.ts';

export const DEFAULT_REGISTRATION_MESSAGES: Record<string, string> = {
  unverified:
    'Please verify your e-mail address first: follow the link in the e-mail we sent you, or ask for a new one.',
  pending:
    'Thank you for verifying your e-mail. Our team is reviewing your registration and will e-mail you once your account is approved.',
  rejected:
    'We are sorry, but we could not approve your trade account. Please contact us if you would like to discuss your application.',
  disabled: 'This account has been disabled. Please contact us for assistance.',
};

export function registrationMessages(deps: Deps): Record<string, string> {
  return { ...DEFAULT_REGISTRATION_MESSAGES, ...(configFields(deps.db, 'registration_messages') ?? {}) };
}

export function configRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/registration-messages', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.json({ fields: registrationMessages(deps) });
  });
}
