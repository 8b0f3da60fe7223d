/** The calls of the Customers / Approvals section (GET/POST /api/v1/admin/customers...). */
import { call, client, type AnswerOf } from '../../../lib/api.ts';

const customers = client.admin.customers;
const customer = (id: string) => ({ param: { id } });

export const STATUSES = ['pending', 'unverified', 'approved', 'rejected', 'disabled', 'all'] as const;
export type StatusFilter = (typeof STATUSES)[number];
export const API_FILTERS = ['any', 'requested', 'allowed'] as const;
export type ApiFilter = (typeof API_FILTERS)[number];

export type CustomerPage = AnswerOf<typeof customers.$get>;
export type Customer = CustomerPage['docs'][number];

export type Action = 'approve' | 'reject' | 'disable' | 'grant' | 'revoke';

export const PAGE_SIZE = 50;

export function listCustomers(
  status: StatusFilter,
  apiAccess: ApiFilter,
  q: string,
  page: number,
  signal?: AbortSignal,
) {
  const query = { status, apiAccess, page, limit: PAGE_SIZE, q: q.trim() || undefined };
  return call(customers.$get({ query }, { init: { signal } }));
}

/** A customer's sent requests, newest first (the requests inbox's view). */
export function customerRequests(id: string, signal?: AbortSignal) {
  return call(customers[':id'].requests.$get({ ...customer(id), query: { limit: 10 } }, { init: { signal } }));
}
export type CustomerRequest = Awaited<ReturnType<typeof customerRequests>>['docs'][number];

export function runAction(id: string, action: Action) {
  const c = customers[':id'];
  if (action === 'grant' || action === 'revoke') {
    return call(c['api-access'].$post({ ...customer(id), json: { allow: action === 'grant' } }));
  }
  return call(c[action].$post(customer(id)));
}

/** Which actions a customer's row offers. */
export function actionsFor(c: Customer): Action[] {
  const out: Action[] = [];
  if (c.status === 'pending' || c.status === 'rejected' || c.status === 'disabled') out.push('approve');
  if (c.status === 'pending') out.push('reject');
  if (c.status === 'approved') out.push(c.api_allow ? 'revoke' : 'grant');
  if (c.status !== 'disabled') out.push('disable');
  return out;
}

export const ACTION_LABELS: Record<Action, string> = {
  approve: 'Approve',
  reject: 'Reject',
  disable: 'Disable',
  grant: 'Grant API',
  revoke: 'Revoke API',
};

/** The accessible name of an action's button on a customer's row. */
export function actionName(a: Action, name: string): string {
  if (a === 'grant') return `Grant API access to ${name}`;
  if (a === 'revoke') return `Revoke API access of ${name}`;
  return `${ACTION_LABELS[a]} ${name}`;
}

/** Destructive actions ask first: the question and its button. */
export const CONFIRM: Partial<Record<Action, (name: string) => string>> = {
  reject: (n) => `Reject the registration of ${n}? They will not be able to sign in.`,
  disable: (n) => `Disable the account of ${n}? They are signed out at once and cannot sign in.`,
  revoke: (n) => `Revoke the API access of ${n}?`,
};

export const DONE: Record<Action, string> = {
  approve: 'approved; they have been e-mailed',
  reject: 'rejected',
  disable: 'disabled',
  grant: 'can now use API Link',
  revoke: 'no longer has API access',
};

/** A customer's working API Link keys and their usage over 30 days. */
export const customerKeys = (id: string, signal?: AbortSignal) =>
  call(customers[':id']['api-keys'].$get(customer(id), { init: { signal } }));
export type CustomerKeys = Awaited<ReturnType<typeof customerKeys>>;
export type CustomerKey = CustomerKeys['docs'][number];

export const revokeCustomerKey = (id: string, keyId: number) =>
  call(customers[':id']['api-keys'][':keyId'].$delete({ param: { id, keyId: String(keyId) } }));
