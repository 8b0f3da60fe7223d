/**
 * The signed-in user as the browser sees it (GET /me, login, profile changes), and the
 * customer record as staff see it in the approvals list. Never includes the password hash.
 *
 * Auth state: { isAuthorised, user: { role, firstName, lastName, bag, Balances, api_allow,
 * requestApiAccess, requestApiAccessDate, dialogSettings, ccy } } plus the profile fields the
 * account area shows and edits.
 */
import type { User } from '../../../db/tables.ts';
import type { BagLineView } from '../../../src/domain/bag/view.ts';

/** A bag line as /me, login and the bag request carry it (api/services/trade/bag.ts bagLines). */
export type BagEntry = BagLineView;

export type UserView = {
  _id: string;
  role: User['role'];
  status: User['status'];
  email: string;
  title: string;
  firstName: string;
  lastName: string;
  companyName: string;
  companyWebsite: string;
  phone: string;
  mobileTelephone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  county: string;
  postcode: string;
  country: string;
  tradeReferences: string[];
  bag: BagEntry[];
  Balances: Record<string, number>;
  api_allow: boolean;
  requestApiAccess: boolean;
  /** ISO 8601, or null when never requested */
  requestApiAccessDate: string | null;
  dialogSettings: { resetFilters?: 'yes' | 'no'; resetSearch?: 'yes' | 'no' };
  /** the display currency the user chose last, or null (the site's default) */
  ccy: string | null;
};

export type AuthState = { isAuthorised: boolean; user: UserView | null };

export function toUserView(u: User, opts: { bag?: BagEntry[] } = {}): UserView {
  return {
    _id: String(u.id),
    role: u.role,
    status: u.status,
    email: u.email,
    title: u.title,
    firstName: u.firstName,
    lastName: u.lastName,
    companyName: u.companyName,
    companyWebsite: u.companyWebsite,
    phone: u.phone,
    mobileTelephone: u.mobileTelephone,
    addressLine1: u.addressLine1,
    addressLine2: u.addressLine2,
    city: u.city,
    county: u.county,
    postcode: u.postcode,
    country: u.country,
    tradeReferences: u.tradeReferences,
    bag: opts.bag ?? [],
    Balances: u.balances,
    api_allow: u.apiAllow,
    requestApiAccess: u.requestApiAccess,
    requestApiAccessDate: u.requestApiAccessDate ? u.requestApiAccessDate.toISOString() : null,
    dialogSettings: u.dialogSettings,
    ccy: u.currency ?? null,
  };
}

export const authState = (u: User | null, opts: { bag?: BagEntry[] } = {}): AuthState =>
  u ? { isAuthorised: true, user: toUserView(u, opts) } : { isAuthorised: false, user: null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A customer row of the staff approvals list. */
export function toCustomerView(u: User) {
  return {
    ...toUserView(u),
    requestApiAccessMessage: u.requestApiAccessMessage,
    acceptTermsAndConditions: u.acceptTermsAndConditions,
    createdAt: u.createdAt.toISOString(),
    emailVerifiedAt: iso(u.emailVerifiedAt),
    approvedAt: iso(u.approvedAt),
  };
}
export type CustomerView = ReturnType<typeof toCustomerView>;
