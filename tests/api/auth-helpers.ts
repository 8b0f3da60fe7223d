/**
 * Small factories for the account tests (plain objects in, rows out), on top of the shared
 * createTestApp. Nothing here depends on the demo seed: tests insert what they need.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, type User } from '../../db/tables.ts';
import { hashPassword } from '../../api/services/accounts/passwords.ts';
import type { MailMessage } from '../../api/services/platform/mailer.ts';
import { createTestApp, type TestApp } from './helpers.ts';

export { createTestApp, type TestApp };

/** Meets the password rule. */
export const PASSWORD = 'Facet#Trade2026';
export const OTHER_PASSWORD = 'Another$Pass99';

type NewUser = typeof users.$inferInsert;
let seq = 0;

/** Inserts a customer (default: approved, role user) with a real argon2id hash of `password`. */
export async function insertUser(
  db: Db,
  over: Partial<Omit<NewUser, 'passwordHash'>> & { password?: string } = {},
): Promise<User & { password: string }> {
  const { password = PASSWORD, ...fields } = over;
  const n = ++seq;
  const row = (
    await db
      .insert(users)
      .values({
        email: `customer${n}@example.com`,
        role: 'user',
        status: 'approved',
        firstName: 'Ada',
        lastName: `Stone${n}`,
        companyName: `Stone ${n} Ltd`,
        phone: '+44 20 7946 0000',
        addressLine1: '1 Hatton Garden',
        city: 'London',
        postcode: 'EC1N 8AA',
        country: 'United Kingdom',
        tradeReferences: ['Bell Setting Workshop'],
        acceptTermsAndConditions: true,
        ...fields,
        passwordHash: await hashPassword(password),
      })
      .returning()
  )[0]!;
  return { ...row, password };
}

export const insertAdmin = (db: Db, over: Parameters<typeof insertUser>[1] = {}) =>
  insertUser(db, { role: 'admin', email: `admin${++seq}@facet.example`, ...over });

export async function userByEmail(db: Db, email: string): Promise<User | undefined> {
  return (await db.select().from(users).where(eq(users.email, email.toLowerCase())))[0];
}

/** A complete, valid POST /register body. */
export function registration(over: Record<string, unknown> = {}) {
  return {
    email: `new${++seq}@jeweller.example`,
    password: PASSWORD,
    password_confirm: PASSWORD,
    title: 'Ms',
    firstName: 'Grace',
    lastName: 'Marlow',
    companyName: 'Marlow Fine Jewellery',
    companyWebsite: 'https://marlow.example',
    phone: '+44 113 496 0000',
    mobileTelephone: '',
    addressLine1: '2 Briggate',
    addressLine2: '',
    city: 'Leeds',
    county: 'West Yorkshire',
    postcode: 'LS1 6HD',
    country: 'United Kingdom',
    tradeReferences: ['Moss & Daughter Casting', ''],
    requestApiAccess: false,
    requestApiAccessMessage: '',
    acceptTermsAndConditions: true,
    ...over,
  };
}

/** The token of the last /verify/ or /reset/ link in a captured e-mail. */
export function linkToken(message: MailMessage | undefined, kind: 'verify' | 'reset'): string {
  if (!message) throw new Error('no e-mail was sent');
  const found = [...message.text.matchAll(new RegExp(`/${kind}/([A-Za-z0-9_-]+)`, 'g'))].at(-1);
  if (!found?.[1]) throw new Error(`no /${kind}/ link in: ${message.text}`);
  return found[1];
}

export type ErrorBody = {
  errors: { msg: string | { param: string; msg: string }[]; options?: Record<string, unknown> };
};

/** The body of an error answer, checked to be in the spec's shape. */
export async function errorOf(res: Response): Promise<ErrorBody['errors']> {
  const body = (await res.json()) as ErrorBody;
  if (!body || typeof body !== 'object' || !body.errors || !('msg' in body.errors)) {
    throw new Error(`not the error shape: ${JSON.stringify(body)}`);
  }
  return body.errors;
}

/** A browser-like client signed in as `email`. */
export async function signIn(t: TestApp, email: string, password: string = PASSWORD, rememberMe?: 'y' | boolean) {
  const agent = t.agent();
  const res = await agent.json('/login', 'POST', {
    email,
    password,
    ...(rememberMe === undefined ? {} : { rememberMe }),
  });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${await res.text()}`);
  return agent;
}

export async function meOf(agent: ReturnType<TestApp['agent']>) {
  const res = await agent.request('/me');
  return (await res.json()) as { isAuthorised: boolean; user: Record<string, unknown> | null };
}
