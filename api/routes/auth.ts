/**
 * Accounts, the calls of the sign-in, registration and password dialogs, under /api/v1:
 *
 *   POST /check-email         { email }                      200 CheckEmailAnswer (see services/accounts/accounts.ts checkEmail)
 *   POST /register            RegisterSchema body            201 { email, message } | 400 field errors | 409 e-mail taken
 *   POST /verify              { id }                         200 { email, verified: true } | 400 invalid_token / token_expired / token_already_used
 *   POST /resendVerification  { email }                      200 { message } (same answer for every e-mail)
 *   POST /login               { email, password, rememberMe? } 200 { isAuthorised: true, user } + session cookie
 *                                                            | 401 invalid_credentials | 403 account_<status> { options: { status } }
 *   POST /logout              none                           200 { isAuthorised: false, user: null }
 *   POST /forgot              { email }                      200 { message } (same answer for every e-mail)
 *   POST /reset               { id, password, password_confirm? } 200 { email, message: 'Your password has been reset' } | 400 token errors
 *   GET  /me                  -                              200 { isAuthorised, user | null }
 *   POST /register-api-access { requestApiAccessMessage }    200 { isAuthorised, user } | 401 | 409 already requested/allowed
 *
 * JSON bodies only (415 otherwise); login, register, forgot, resend, check-email, verify and
 * reset are rate limited (429 too_many_requests, Retry-After); login by services/accounts/login-guard.ts.
 */
import { Hono } from 'hono';
import { ApiAccessRequestSchema } from '../../src/domain/validation/account.ts';
import { EmailSchema } from '../../src/domain/validation/email.ts';
import { LoginSchema } from '../../src/domain/validation/login.ts';
import { ResetPasswordSchema, VerifySchema } from '../../src/domain/validation/password.ts';
import { RegisterSchema } from '../../src/domain/validation/registration.ts';
import { HttpError } from '../middleware/errors.ts';
import { jsonIn } from '../middleware/validate.ts';
import { clientAddress, rateLimiter } from '../middleware/rate-limit.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import { clearSessionCookie, setSessionCookie } from '../middleware/session.ts';
import {
  authenticate,
  checkEmail,
  normalizeEmail,
  registerCustomer,
  requestApiAccess,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '../services/accounts/accounts.ts';
import { bagLines } from '../services/trade/bag.ts';
import { loginGuard } from '../services/accounts/login-guard.ts';
import { createSession, deleteSession } from '../services/accounts/sessions.ts';
import { sessionEnded } from '../services/live/hub.ts';
import { authState } from '../services/accounts/user-view.ts';
import type { AppEnv, Deps } from '../types.ts';

export function authRoutes(deps: Deps) {
  const limiter = rateLimiter(deps);
  const guard = loginGuard(deps);
  return new Hono<AppEnv>()
    .post('/check-email', jsonIn(EmailSchema), async (c) => {
      const { email } = c.req.valid('json');
      await limiter.hit(c, 'checkEmail', { address: clientAddress(c, deps) });
      return c.json(await checkEmail(deps.db, email));
    })
    .post('/register', jsonIn(RegisterSchema), async (c) => {
      const input = c.req.valid('json');
      await limiter.hit(c, 'register', { account: normalizeEmail(input.email), address: clientAddress(c, deps) });
      return c.json(await registerCustomer(deps, input), 201);
    })
    .post('/verify', jsonIn(VerifySchema), async (c) => {
      const { id } = c.req.valid('json');
      await limiter.hit(c, 'token', { address: clientAddress(c, deps) });
      return c.json(await verifyEmail(deps, id));
    })
    .post('/resendVerification', jsonIn(EmailSchema), async (c) => {
      const { email } = c.req.valid('json');
      await limiter.hit(c, 'resendVerification', { account: normalizeEmail(email), address: clientAddress(c, deps) });
      return c.json(await resendVerification(deps, email));
    })
    .post('/login', jsonIn(LoginSchema), async (c) => {
      const input = c.req.valid('json');
      const address = clientAddress(c, deps);
      await guard.before(c, input.email, address);
      let user;
      try {
        user = await authenticate(deps, input.email, input.password);
      } catch (err) {
        if (err instanceof HttpError && err.status === 401) await guard.failed(input.email, address);
        throw err;
      }
      guard.succeeded(c, input.email, address);
      // rotation: whatever session came with the request ends; the new one gets a new id
      const previous = c.var.session;
      if (previous) await deleteSession(deps.db, previous.idHash);
      const session = await createSession(deps.db, user.id, {
        rememberMe: input.rememberMe,
        now: deps.clock.now(),
        userAgent: c.req.header('user-agent') ?? '',
        ip: address,
      });
      setSessionCookie(c, deps, session, input.rememberMe);
      c.header('Cache-Control', 'no-store');
      return c.json(authState(user, { bag: await bagLines(deps.db, user.id, user.currency ?? undefined) }));
    })
    .post('/logout', async (c) => {
      const session = c.var.session;
      if (session) {
        await deleteSession(deps.db, session.idHash);
        await sessionEnded(deps.db); // its live streams on this node end now
      }
      clearSessionCookie(c, deps);
      return c.json(authState(null));
    })
    .post('/forgot', jsonIn(EmailSchema), async (c) => {
      const { email } = c.req.valid('json');
      await limiter.hit(c, 'forgot', { account: normalizeEmail(email), address: clientAddress(c, deps) });
      return c.json(await requestPasswordReset(deps, email));
    })
    .post('/reset', jsonIn(ResetPasswordSchema), async (c) => {
      const { id, password } = c.req.valid('json');
      await limiter.hit(c, 'token', { address: clientAddress(c, deps) });
      const done = await resetPassword(deps, id, password);
      await guard.reset(c, done.email);
      // the reset ended every session of the account, this browser's included
      if (c.var.user?.email === done.email) clearSessionCookie(c, deps);
      return c.json(done);
    })
    .get('/me', async (c) => {
      c.header('Cache-Control', 'no-store');
      const user = c.var.user;
      const signedIn = user && user.status === 'approved' ? user : null;
      return c.json(
        authState(signedIn, {
          bag: signedIn ? await bagLines(deps.db, signedIn.id, signedIn.currency ?? undefined) : [],
        }),
      );
    })
    .post('/register-api-access', requireUser(), jsonIn(ApiAccessRequestSchema), async (c) => {
      const user = signedInUser(c);
      const { requestApiAccessMessage } = c.req.valid('json');
      return c.json(authState(await requestApiAccess(deps, user, requestApiAccessMessage)));
    });
}
