/**
 * Demo accounts (never seeded in production): two approved traders (the second with API Link)
 * and an admin, whose
 * credentials `npm start` prints, and a few customers in other states for the admin screens.
 */
import { hashPassword } from '../passwords.ts';
import type { Db } from '../client.ts';
import { users } from '../tables.ts';

export type DemoAccount = { label: string; role: 'user' | 'admin'; email: string; password: string };

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { label: 'Trade customer', role: 'user', email: 'trader@facet.trade', password: 'Trader#2026' },
  { label: 'Second trader (API Link)', role: 'user', email: 'jeweller@facet.trade', password: 'Jeweller#2026' },
  { label: 'Admin', role: 'admin', email: 'admin@facet.trade', password: 'Admin#2026' },
] as const;

/** Password of the extra demo customers (not printed; for trying the admin screens). */
export const DEMO_CUSTOMER_PASSWORD = 'Customer#2026';

type NewUser = typeof users.$inferInsert;
const at = (iso: string) => new Date(iso);

const TRADER: Omit<NewUser, 'passwordHash'> = {
  email: 'trader@facet.trade',
  role: 'user',
  status: 'approved',
  title: 'Ms',
  firstName: 'Eleanor',
  lastName: 'Hartley',
  companyName: 'Hartley & Vane Fine Jewellery Ltd',
  companyWebsite: 'https://hartleyvane.example',
  phone: '+44 20 7946 0321',
  mobileTelephone: '+44 7700 900321',
  addressLine1: '14 Burlington Arcade',
  addressLine2: 'Piccadilly',
  city: 'London',
  county: 'Greater London',
  postcode: 'W1J 0PJ',
  country: 'United Kingdom',
  tradeReferences: [
    'Marcus Bell, Bell Setting Workshop, Hatton Garden, +44 20 7946 0877',
    'Sofia Lindqvist, Lindqvist Gem Traders, Antwerp, +32 3 555 01 42',
  ],
  acceptTermsAndConditions: true,
  dialogSettings: {},
  balances: {},
  emailVerifiedAt: at('2025-11-03T10:14:00Z'),
  approvedAt: at('2025-11-04T09:30:00Z'),
  createdAt: at('2025-11-03T10:02:00Z'),
  updatedAt: at('2025-11-04T09:30:00Z'),
};

/** A second approved trader with API Link, who holds a few stones (db/seed/holds.ts). */
const JEWELLER: Omit<NewUser, 'passwordHash'> = {
  email: 'jeweller@facet.trade',
  role: 'user',
  status: 'approved',
  title: 'Mr',
  firstName: 'Tomasz',
  lastName: 'Nowak',
  companyName: 'Nowak Atelier',
  companyWebsite: 'https://nowak-atelier.example',
  phone: '+44 161 496 0455',
  addressLine1: '3 King Street',
  city: 'Manchester',
  postcode: 'M2 4LQ',
  country: 'United Kingdom',
  tradeReferences: ['Marcus Bell, Bell Setting Workshop, Hatton Garden, +44 20 7946 0877'],
  acceptTermsAndConditions: true,
  requestApiAccess: true,
  apiAllow: true,
  emailVerifiedAt: at('2025-12-01T09:00:00Z'),
  approvedAt: at('2025-12-02T10:00:00Z'),
  createdAt: at('2025-12-01T08:40:00Z'),
  updatedAt: at('2025-12-02T10:00:00Z'),
};

const ADMIN: Omit<NewUser, 'passwordHash'> = {
  email: 'admin@facet.trade',
  role: 'admin',
  status: 'approved',
  title: 'Mr',
  firstName: 'Daniel',
  lastName: 'Okoye',
  companyName: 'Facet Trade Ltd',
  companyWebsite: 'https://facet.trade',
  phone: '+44 20 7946 0100',
  addressLine1: '88 Hatton Garden',
  city: 'London',
  postcode: 'EC1N 8PN',
  country: 'United Kingdom',
  acceptTermsAndConditions: true,
  emailVerifiedAt: at('2025-10-01T08:00:00Z'),
  approvedAt: at('2025-10-01T08:00:00Z'),
  createdAt: at('2025-10-01T08:00:00Z'),
  updatedAt: at('2025-10-01T08:00:00Z'),
};

/** Customers in the other states: pending approval, unverified, rejected, disabled. */
const CUSTOMERS: Omit<NewUser, 'passwordHash'>[] = [
  {
    email: 'james.whitcombe@whitcombejewellers.example',
    status: 'pending',
    title: 'Mr',
    firstName: 'James',
    lastName: 'Whitcombe',
    companyName: 'Whitcombe Jewellers',
    companyWebsite: 'https://whitcombejewellers.example',
    phone: '+44 1225 496 210',
    addressLine1: '3 Milsom Street',
    city: 'Bath',
    county: 'Somerset',
    postcode: 'BA1 1BZ',
    country: 'United Kingdom',
    tradeReferences: ['Clara Moss, Moss & Daughter Casting, Birmingham, +44 121 496 0555'],
    acceptTermsAndConditions: true,
    requestApiAccess: true,
    requestApiAccessMessage: 'We would like to list your certified rounds on our own website.',
    requestApiAccessDate: at('2026-01-12T15:40:00Z'),
    emailVerifiedAt: at('2026-01-12T15:44:00Z'),
    createdAt: at('2026-01-12T15:38:00Z'),
    updatedAt: at('2026-01-12T15:44:00Z'),
  },
  {
    email: 'priya@novaksetting.example',
    status: 'unverified',
    title: 'Mrs',
    firstName: 'Priya',
    lastName: 'Novak',
    companyName: 'Novak Setting Studio',
    phone: '+44 161 496 0732',
    addressLine1: 'Unit 7, Jewellery Quarter Works',
    addressLine2: 'Vyse Street',
    city: 'Birmingham',
    postcode: 'B18 6LP',
    country: 'United Kingdom',
    tradeReferences: ['Hatton Garden Findings Ltd, +44 20 7946 0456'],
    acceptTermsAndConditions: true,
    createdAt: at('2026-01-20T11:05:00Z'),
    updatedAt: at('2026-01-20T11:05:00Z'),
  },
  {
    email: 'office@brightstone-retail.example',
    status: 'rejected',
    title: 'Mr',
    firstName: 'Tom',
    lastName: 'Reyes',
    companyName: 'Brightstone Retail',
    phone: '+44 113 496 0190',
    addressLine1: '41 Briggate',
    city: 'Leeds',
    postcode: 'LS1 6HD',
    country: 'United Kingdom',
    tradeReferences: ['No trade references supplied'],
    acceptTermsAndConditions: true,
    emailVerifiedAt: at('2025-12-02T09:12:00Z'),
    createdAt: at('2025-12-02T09:10:00Z'),
    updatedAt: at('2025-12-05T14:00:00Z'),
  },
  {
    email: 'accounts@marlowgems.example',
    status: 'disabled',
    title: 'Ms',
    firstName: 'Helen',
    lastName: 'Marlow',
    companyName: 'Marlow Gems',
    phone: '+353 1 496 0311',
    addressLine1: '12 Johnson Court',
    city: 'Dublin',
    postcode: 'D02 X285',
    country: 'Ireland',
    tradeReferences: ['Dublin Assay Office account 4471'],
    acceptTermsAndConditions: true,
    emailVerifiedAt: at('2025-06-10T10:00:00Z'),
    approvedAt: at('2025-06-11T10:00:00Z'),
    createdAt: at('2025-06-10T09:58:00Z'),
    updatedAt: at('2025-12-20T16:30:00Z'),
  },
];

/** Hashes the passwords (argon2id, async) and inserts the users; existing e-mails are kept. */
export async function seedUsers(db: Db): Promise<number> {
  const passwordOf = (email: string) =>
    DEMO_ACCOUNTS.find((a) => a.email === email)?.password ?? DEMO_CUSTOMER_PASSWORD;
  const people = [TRADER, JEWELLER, ADMIN, ...CUSTOMERS];
  const rows: NewUser[] = [];
  for (const person of people) rows.push({ ...person, passwordHash: await hashPassword(passwordOf(person.email)) });
  const inserted = await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return inserted.length;
}
