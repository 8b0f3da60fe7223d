/**
 * The signed-in customer's own account, under /api/v1/profile (401 not_signed_in for visitors):
 *
 *   GET   /profile                       -                                          200 { isAuthorised, user }
 *   PATCH /profile                       any profile fields (ProfileUpdateSchema)   200 { isAuthorised, user } | 400 field errors
 *   POST  /profile/change-password       { currentPassword, password, password_confirm }
 *                                                                                   200 { message } | 400 field errors (wrong current password
 *                                                                                   against currentPassword); ends every session of the user
 *                                                                                   and sets a new session cookie (a new id) for this browser
 *   PATCH /profile/updateDialogSettings  { settingName: resetFilters|resetSearch, settingValue: yes|no }
 *                                                                                   200 { isAuthorised, user }
 *   PATCH /profile/currency              { ccy: GBP|USD|EUR|JPY|NZD }                200 { isAuthorised, user } (user.ccy remembered)
 */
import { Hono } from 'hono';
import {
  ChangePasswordSchema,
  CurrencySettingSchema,
  DialogSettingSchema,
  ProfileUpdateSchema,
} from '../../src/domain/validation/account.ts';
import { jsonIn } from '../middleware/validate.ts';
import { clientAddress, rateLimiter } from '../middleware/rate-limit.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import { setSessionCookie } from '../middleware/session.ts';
import { changePassword, updateCurrency, updateDialogSetting, updateProfile } from '../services/accounts/accounts.ts';
import { authState } from '../services/accounts/user-view.ts';
import type { AppEnv, Deps } from '../types.ts';

export const PASSWORD_CHANGED = 'Your password has been changed';

export function profileRoutes(deps: Deps) {
  const limiter = rateLimiter(deps);
  return new Hono<AppEnv>()
    .use('*', requireUser())
    .get('/', (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(authState(signedInUser(c)));
    })
    .patch('/', jsonIn(ProfileUpdateSchema), async (c) => {
      const user = signedInUser(c);
      const patch = c.req.valid('json');
      return c.json(authState(await updateProfile(deps, user.id, patch)));
    })
    .post('/change-password', jsonIn(ChangePasswordSchema), async (c) => {
      const user = signedInUser(c);
      const input = c.req.valid('json');
      await limiter.hit(c, 'changePassword', { account: user.email });
      const rememberMe = c.var.session?.rememberMe ?? false;
      const session = await changePassword(deps, user, input, {
        rememberMe,
        userAgent: c.req.header('user-agent') ?? '',
        ip: clientAddress(c, deps),
      });
      setSessionCookie(c, deps, session, rememberMe);
      c.header('Cache-Control', 'no-store');
      return c.json({ message: PASSWORD_CHANGED });
    })
    .patch('/updateDialogSettings', jsonIn(DialogSettingSchema), async (c) => {
      const user = signedInUser(c);
      const { settingName, settingValue } = c.req.valid('json');
      return c.json(authState(await updateDialogSetting(deps, user, settingName, settingValue)));
    })
    .patch('/currency', jsonIn(CurrencySettingSchema), async (c) => {
      const user = signedInUser(c);
      const { ccy } = c.req.valid('json');
      return c.json(authState(await updateCurrency(deps, user, ccy)));
    });
}
