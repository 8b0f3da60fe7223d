/** The calls of the Customers / Approvals section (GET/POST /api/v1/admin/customers...). */
import { api } from '../../../lib/api.ts';
import type { UserView } from '../../../stores/session.ts';
import type { ApiKeyView, UsageDay } from '../../account/api/keys-api.ts';

export const STATUSES = ['pending', 'unverified', 'approved', 'rejected', 'disabled', 'all'] as const;
export type StatusFilter = (typeof STATUSES)[number];
export const API_FILTERS = ['any', 'requested', 'allowed'] as const;
export type ApiFilter = (typeof API_FILTERS)[number];

export type Customer = UserView & {
  requestApiAccessMessage: string;
  acceptTermsAndConditions: boolean;
  createdAt: string;
  emailVerifiedAt: string | null;
  approvedAt: string | null;
};

export type CustomerPage = { docs: Customer[]; totalDocs: number; page: number; limit: number };

export type Action = 'approve' | 'reject' | 'disable' | 'grant' | 'revoke';

export const PAGE_SIZE = 50;

export function listCustomers(
  status: StatusFilter,
  apiAccess: ApiFilter,
  q: string,
  page: number,
  signal?: AbortSignal,
) {
  return api.get<CustomerPage>('/admin/customers', {
    query: { status, apiAccess, page, limit: PAGE_SIZE, ...(q.trim() ? { q: q.trim() } : {}) },
    signal,
  });
}

/** A customer's sent requests, newest first (the requests inbox's view, trimmed to what the row shows). */
export type CustomerRequest = {
  _id: number;
  status: string;
  createdAt: string;
  ccy: string;
  totalCents: number | null;
  items: unknown[];
};

export function customerRequests(id: string, signal?: AbortSignal) {
  return api.get<{ docs: CustomerRequest[]; totalDocs: number }>(`/admin/customers/${id}/requests`, {
    query: { limit: 10 },
    signal,
  });
}

export function runAction(id: string, action: Action): Promise<Customer> {
  if (action === 'grant' || action === 'revoke') {
    return api.post<Customer>(`/admin/customers/${id}/api-access`, { allow: action === 'grant' });
  }
  return api.post<Customer>(`/admin/customers/${id}/${action}`);
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

export type CustomerKey = ApiKeyView;
export type CustomerKeys = { docs: CustomerKey[]; usage: UsageDay[] };

/** A customer's working API Link keys and their usage over 30 days. */
export const customerKeys = (id: string, signal?: AbortSignal) =>
  api.get<CustomerKeys>(`/admin/customers/${id}/api-keys`, { signal });

export const revokeCustomerKey = (id: string, keyId: number) =>
  api.delete<CustomerKey>(`/admin/customers/${id}/api-keys/${keyId}`);
