/**
 * The customer lifecycle, as work functions the route handlers call:
 *
 *   register -> 'unverified' --verify link--> 'pending' --staff approve--> 'approved'
 *                                                 \--staff reject--> 'rejected'
 *   any status --staff disable--> 'disabled' (sessions end at once)
 *
 * Only 'approved' accounts get a session. Functions throw HttpError with the spec's error
 * shape; none logs a password or a token.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { writeTx } from '../../../db/client.ts';
import { contactMessages, users, type DialogSettings, type User } from '../../../db/tables.ts';
import { ACCOUNT_MESSAGES, type ProfileUpdateValues } from '../../../src/domain/validation/account.ts';
import type { RegisterValues } from '../../../src/domain/validation/registration.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { afterResponse } from '../platform/after-response.ts';
import * as templates from './email-templates.ts';
import { consumeToken, dropUnusedTokens, issueToken } from './one-time-tokens.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { configFields } from '../site/state.ts';
import { createSession, deleteUserSessions, type NewSession } from './sessions.ts';
import { newSecret } from './tokens.ts';

/** Statuses whose registration message the e-mail check and login report. */
export const BLOCKED_STATUSES = ['pending', 'rejected', 'disabled'] as const;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return (
    await db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)))
      .limit(1)
  )[0];
}

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
  return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
}

/** The site as e-mails name it: the configured site name, or PUBLIC_SITE_NAME. */
export async function siteOf(deps: Deps): Promise<templates.Site> {
  const name = (await configFields(deps.db, 'site'))?.site_name || deps.config.PUBLIC_SITE_NAME;
  return { name, url: deps.config.siteUrl };
}

// ---------------------------------------------------------------- e-mail check

/**
 * The e-mail dialog's existence check. Shape:
 *   unknown e-mail         -> { exists: false, verified: false }
 *   unverified account     -> { exists: true,  verified: false }            (dialog offers Resend Email)
 *   approved account       -> { exists: true,  verified: true }             (dialog opens login)
 *   pending/rejected/disabled -> { exists: true, verified: true|false,
 *                                  errors: { msg: 'account_<status>', options: { status } } }
 *                                                   (dialog opens login showing the status's registration message)
 * Always answered with 200: `errors` here is information for the dialog, not a failure.
 */
export type CheckEmailAnswer = {
  exists: boolean;
  verified: boolean;
  errors?: { msg: string; options: { status: (typeof BLOCKED_STATUSES)[number] } };
};

export async function checkEmail(db: Db, email: string): Promise<CheckEmailAnswer> {
  const user = await findUserByEmail(db, email);
  if (!user) return { exists: false, verified: false };
  const verified = user.status !== 'unverified';
  const status = user.status;
  if (status === 'pending' || status === 'rejected' || status === 'disabled') {
    return { exists: true, verified, errors: { msg: `account_${status}`, options: { status } } };
  }
  return { exists: true, verified };
}

// ---------------------------------------------------------------- registration and verification

export const EMAIL_TAKEN = 'An account with this email already exists';

export async function registerCustomer(deps: Deps, input: RegisterValues): Promise<{ email: string; message: string }> {
  const email = normalizeEmail(input.email);
  if (await findUserByEmail(deps.db, email)) throw new HttpError(409, [{ param: 'email', msg: EMAIL_TAKEN }]);
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  const created = await writeTx(deps.db, async (tx) => {
    if (await findUserByEmail(tx, email)) return null; // lost a race with a twin request
    const user = (
      await tx
        .insert(users)
        .values({
          email,
          passwordHash,
          role: 'user',
          status: 'unverified',
          title: input.title,
          firstName: input.firstName,
          lastName: input.lastName,
          companyName: input.companyName,
          companyWebsite: input.companyWebsite,
          phone: input.phone,
          mobileTelephone: input.mobileTelephone,
          addressLine1: input.addressLine1,
          addressLine2: input.addressLine2,
          city: input.city,
          county: input.county,
          postcode: input.postcode,
          country: input.country,
          tradeReferences: input.tradeReferences.filter((r) => r !== ''),
          acceptTermsAndConditions: input.acceptTermsAndConditions,
          requestApiAccess: input.requestApiAccess,
          requestApiAccessMessage: input.requestApiAccess ? input.requestApiAccessMessage : '',
          requestApiAccessDate: input.requestApiAccess ? new Date(now) : null,
          createdAt: new Date(now),
          updatedAt: new Date(now),
        })
        .returning()
    )[0]!;
    return { user, token: await issueToken(tx, user.id, 'verify', now) };
  });
  if (!created) throw new HttpError(409, [{ param: 'email', msg: EMAIL_TAKEN }]);
  const site = await siteOf(deps);
  await deps.mailer.send(templates.verifyEmail(site, email, created.user.firstName, created.token));
  return { email, message: `We have sent a verification e-mail to ${email}. Please follow its link to continue.` };
}

/** POST /verify: spends the token and moves an unverified account to 'pending'. */
export async function verifyEmail(deps: Deps, token: string): Promise<{ email: string; verified: true }> {
  const now = deps.clock.now();
  const { user, wasUnverified } = await writeTx(deps.db, async (tx) => {
    const spent = await consumeToken(tx, 'verify', token, now);
    if (!spent.ok) throw new HttpError(400, spent.reason);
    const found = await findUserById(tx, spent.userId);
    if (!found) throw new HttpError(400, 'invalid_token');
    if (found.status !== 'unverified') return { user: found, wasUnverified: false };
    const updated = (
      await tx
        .update(users)
        .set({ status: 'pending', emailVerifiedAt: new Date(now), updatedAt: new Date(now) })
        .where(eq(users.id, found.id))
        .returning()
    )[0]!;
    return { user: updated, wasUnverified: true };
  });
  if (wasUnverified) {
    await deps.mailer.send(templates.registrationAwaitingApproval(await siteOf(deps), deps.config.STAFF_EMAIL, user));
  }
  return { email: user.email, verified: true };
}

export const RESEND_ANSWER = 'If this account still awaits verification, a new verification e-mail has been sent.';

/**
 * POST /resendVerification: a fresh link for an unverified account; the same answer, after
 * the same work, for any e-mail (the lookup and the mail happen after the answer).
 */
export function resendVerification(deps: Deps, email: string): { message: string } {
  afterResponse(deps.db, 'resendVerification', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || user.status !== 'unverified') return;
    const token = await issueToken(deps.db, user.id, 'verify', deps.clock.now());
    await deps.mailer.send(templates.verifyEmail(await siteOf(deps), user.email, user.firstName, token));
  });
  return { message: RESEND_ANSWER };
}

// ---------------------------------------------------------------- login and passwords

let dummyHash: Promise<string> | undefined;
/** A real hash to verify against when the e-mail is unknown, so both cases take as long. */
const timingDummy = (): Promise<string> => (dummyHash ??= hashPassword(newSecret()));

/**
 * Checks e-mail and password. Unknown e-mail and wrong password give the same 401
 * 'invalid_credentials' (after the same argon2 work); a correct password on an account that
 * is not approved gives 403 'account_<status>' with options.status.
 */
export async function authenticate(deps: Deps, email: string, password: string): Promise<User> {
  const user = await findUserByEmail(deps.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await timingDummy()), password);
  if (!user || !ok) throw new HttpError(401, 'invalid_credentials');
  if (user.status !== 'approved') throw new HttpError(403, `account_${user.status}`, { status: user.status });
  return user;
}

export const FORGOT_ANSWER = 'If an account exists for this e-mail, we have sent a link to reset its password.';

/**
 * POST /forgot: a reset link for approved or pending accounts; the same answer, after the
 * same work, for any e-mail (the lookup and the mail happen after the answer).
 */
export function requestPasswordReset(deps: Deps, email: string): { message: string } {
  afterResponse(deps.db, 'forgot', async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user || (user.status !== 'approved' && user.status !== 'pending')) return;
    const token = await issueToken(deps.db, user.id, 'reset', deps.clock.now());
    await deps.mailer.send(templates.resetPassword(await siteOf(deps), user.email, user.firstName, token));
  });
  return { message: FORGOT_ANSWER };
}

export const RESET_DONE = 'Your password has been reset';

/** POST /reset: spends the token, sets the password and ends every session of the account. */
export async function resetPassword(
  deps: Deps,
  token: string,
  password: string,
): Promise<{ email: string; message: string }> {
  const passwordHash = await hashPassword(password);
  const now = deps.clock.now();
  const user = await writeTx(deps.db, async (tx) => {
    const spent = await consumeToken(tx, 'reset', token, now);
    if (!spent.ok) throw new HttpError(400, spent.reason);
    const found = await findUserById(tx, spent.userId);
    if (!found || (found.status !== 'approved' && found.status !== 'pending'))
      throw new HttpError(400, 'invalid_token');
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(now) })
      .where(eq(users.id, found.id));
    await deleteUserSessions(tx, found.id);
    await dropUnusedTokens(tx, found.id, 'reset');
    return found;
  });
  return { email: user.email, message: RESET_DONE };
}

/**
 * POST /profile/change-password: checks the current password (400 against currentPassword
 * when wrong), sets the new one and ends every session of the user, this one included; the
 * caller gets a new session (a new id) for this browser, so an id known before the change
 * (a fixated or stolen cookie) is worth nothing after it.
 */
export async function changePassword(
  deps: Deps,
  user: User,
  input: { currentPassword: string; password: string },
  client: { rememberMe: boolean; userAgent: string; ip: string },
): Promise<NewSession> {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new HttpError(400, [{ param: 'currentPassword', msg: ACCOUNT_MESSAGES.currentPasswordWrong }]);
  }
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date(now) })
      .where(eq(users.id, user.id));
    await deleteUserSessions(tx, user.id);
    await dropUnusedTokens(tx, user.id, 'reset');
    return createSession(tx, user.id, { ...client, now });
  });
}

// ---------------------------------------------------------------- the customer's own record

export async function updateProfile(deps: Deps, userId: number, patch: ProfileUpdateValues): Promise<User> {
  const { tradeReferences, ...fields } = patch;
  return (
    await deps.db
      .update(users)
      .set({
        ...fields,
        ...(tradeReferences ? { tradeReferences: tradeReferences.filter((r) => r !== '') } : {}),
        updatedAt: new Date(deps.clock.now()),
      })
      .where(eq(users.id, userId))
      .returning()
  )[0]!;
}

export async function updateDialogSetting(
  deps: Deps,
  user: User,
  name: keyof DialogSettings,
  value: 'yes' | 'no',
): Promise<User> {
  const dialogSettings: DialogSettings = { ...user.dialogSettings, [name]: value };
  return (
    await deps.db
      .update(users)
      .set({ dialogSettings, updatedAt: new Date(deps.clock.now()) })
      .where(eq(users.id, user.id))
      .returning()
  )[0]!;
}

/** PATCH /profile/currency: remembers the user's display currency. */
export async function updateCurrency(deps: Deps, user: User, ccy: string): Promise<User> {
  const [updated] = await deps.db
    .update(users)
    .set({ currency: ccy, updatedAt: new Date(deps.clock.now()) })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) throw new HttpError(404, 'not_found');
  return updated;
}

/**
 * POST /register-api-access: records the request (requestApiAccess, its date and message),
 * files it in the staff inbox (contact_messages, kind 'api') and e-mails STAFF_EMAIL.
 * 409 when access is already allowed or already requested.
 */
export async function requestApiAccess(deps: Deps, user: User, message: string): Promise<User> {
  if (user.apiAllow) throw new HttpError(409, 'api_access_already_allowed');
  if (user.requestApiAccess) throw new HttpError(409, 'api_access_already_requested');
  const now = deps.clock.now();
  const updated = await writeTx(deps.db, async (tx) => {
    await tx.insert(contactMessages).values({
      kind: 'api',
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      phone: user.phone,
      companyName: user.companyName,
      message,
      pageTitle: 'API access request',
      userId: user.id,
      createdAt: new Date(now),
    });
    return (
      await tx
        .update(users)
        .set({
          requestApiAccess: true,
          requestApiAccessDate: new Date(now),
          requestApiAccessMessage: message,
          updatedAt: new Date(now),
        })
        .where(eq(users.id, user.id))
        .returning()
    )[0]!;
  });
  await deps.mailer.send(templates.apiAccessRequest(await siteOf(deps), deps.config.STAFF_EMAIL, updated, message));
  return updated;
}
