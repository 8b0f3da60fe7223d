/**
 * Staff approval of customers (role 'user'): list, approve, reject, grant or revoke API
 * access, disable. Every change writes an audit_log row naming the admin; reject and
 * disable end the customer's sessions at once; approve e-mails the customer.
 */
import { and, count, desc, eq, like, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { writeTx } from '../../db/client.ts';
import { auditLog, users, type User, type USER_STATUSES } from '../../db/tables.ts';
import { HttpError } from '../middleware/errors.ts';
import type { Deps } from '../types.ts';
import { endSessions, findUserById, siteOf } from './accounts.ts';
import * as templates from './email-templates.ts';
import { toCustomerView, type CustomerView } from './user-view.ts';

export type CustomerStatus = (typeof USER_STATUSES)[number];
export type CustomerFilter = {
  /** one status, or 'all' */
  status: CustomerStatus | 'all';
  /** 'requested': asked for API access and not yet allowed */
  apiAccess?: 'requested' | 'allowed' | 'any';
  /** words that must each appear in the e-mail, a name or the company (case-insensitive) */
  q?: string;
  page: number;
  limit: number;
};

export function listCustomers(db: Db, f: CustomerFilter) {
  const where: SQL[] = [eq(users.role, 'user')];
  if (f.status !== 'all') where.push(eq(users.status, f.status));
  if (f.apiAccess === 'requested') where.push(eq(users.requestApiAccess, true), eq(users.apiAllow, false));
  if (f.apiAccess === 'allowed') where.push(eq(users.apiAllow, true));
  for (const word of (f.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    // SQLite's LIKE ignores the case of ASCII letters; wildcards typed in are dropped
    const pattern = `%${word.replace(/[%_]/g, '')}%`;
    where.push(or(...[users.email, users.firstName, users.lastName, users.companyName].map((col) => like(col, pattern)))!);
  }
  const cond = and(...where);
  const totalDocs = db.select({ n: count() }).from(users).where(cond).get()?.n ?? 0;
  const rows = db
    .select()
    .from(users)
    .where(cond)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit)
    .all();
  return { docs: rows.map(toCustomerView), totalDocs, page: f.page, limit: f.limit };
}

function customerOr404(db: Db, id: number): User {
  const user = findUserById(db, id);
  if (!user || user.role !== 'user') throw new HttpError(404, 'customer_not_found');
  return user;
}

function audit(
  db: Db,
  adminId: number,
  action: string,
  customerId: number,
  detail: Record<string, unknown>,
  now: number,
) {
  db.insert(auditLog)
    .values({ userId: adminId, action, entity: 'user', entityId: String(customerId), detail, createdAt: new Date(now) })
    .run();
}

function setStatus(deps: Deps, admin: User, id: number, to: CustomerStatus, action: string, guard?: (u: User) => void) {
  const now = deps.clock.now();
  return writeTx(deps.db, (tx) => {
    const before = customerOr404(tx, id);
    guard?.(before);
    if (before.status === to) return { before, after: before, changed: false };
    const after = tx
      .update(users)
      .set({
        status: to,
        updatedAt: new Date(now),
        ...(to === 'approved' ? { approvedAt: new Date(now) } : {}),
      })
      .where(eq(users.id, id))
      .returning()
      .get();
    if (to !== 'approved') endSessions(tx, id);
    audit(tx, admin.id, action, id, { from: before.status, to }, now);
    return { before, after, changed: true };
  });
}

/** pending / rejected / disabled -> approved, and the customer is told by e-mail. */
export async function approveCustomer(deps: Deps, admin: User, id: number): Promise<CustomerView> {
  const { after, changed } = setStatus(deps, admin, id, 'approved', 'customer.approve', (u) => {
    if (u.status === 'unverified') throw new HttpError(409, 'email_not_verified');
  });
  if (changed) await deps.mailer.send(templates.accountApproved(siteOf(deps), after.email, after.firstName));
  return toCustomerView(after);
}

export function rejectCustomer(deps: Deps, admin: User, id: number): CustomerView {
  return toCustomerView(setStatus(deps, admin, id, 'rejected', 'customer.reject').after);
}

export function disableCustomer(deps: Deps, admin: User, id: number): CustomerView {
  return toCustomerView(setStatus(deps, admin, id, 'disabled', 'customer.disable').after);
}

/** Grants (allow: true) or revokes API access. */
export function setApiAccess(deps: Deps, admin: User, id: number, allow: boolean): CustomerView {
  const now = deps.clock.now();
  const after = writeTx(deps.db, (tx) => {
    const before = customerOr404(tx, id);
    if (before.apiAllow === allow) return before;
    const updated = tx
      .update(users)
      .set({ apiAllow: allow, updatedAt: new Date(now) })
      .where(eq(users.id, id))
      .returning()
      .get();
    audit(
      tx,
      admin.id,
      allow ? 'customer.api_access.grant' : 'customer.api_access.revoke',
      id,
      { from: before.apiAllow, to: allow },
      now,
    );
    return updated;
  });
  return toCustomerView(after);
}
