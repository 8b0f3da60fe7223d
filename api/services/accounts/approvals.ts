/**
 * Staff approval of customers (role 'user'): list, approve, reject, grant or revoke API
 * access, disable. Every change writes an audit_log row naming the admin; reject and
 * disable end the customer's sessions at once; approve e-mails the customer.
 */
import { and, count, desc, eq, or, type SQL } from 'drizzle-orm';
import { likeCI, type Db } from '../../../db/client.ts';
import { writeTx } from '../../../db/client.ts';
import { auditLog, users, type User, type USER_STATUSES } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { findUserById, siteOf } from './accounts.ts';
import { deleteUserSessions } from './sessions.ts';
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

export async function listCustomers(db: Db, f: CustomerFilter) {
  const where: SQL[] = [eq(users.role, 'user')];
  if (f.status !== 'all') where.push(eq(users.status, f.status));
  if (f.apiAccess === 'requested') where.push(eq(users.requestApiAccess, true), eq(users.apiAllow, false));
  if (f.apiAccess === 'allowed') where.push(eq(users.apiAllow, true));
  for (const word of (f.q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    // case-insensitive on both engines (likeCI); wildcards typed in are dropped
    const pattern = `%${word.replace(/[%_]/g, '')}%`;
    where.push(
      or(...[users.email, users.firstName, users.lastName, users.companyName].map((col) => likeCI(col, pattern)))!,
    );
  }
  const cond = and(...where);
  const totalDocs = (await db.select({ n: count() }).from(users).where(cond).limit(1))[0]?.n ?? 0;
  const rows = await db
    .select()
    .from(users)
    .where(cond)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { docs: rows.map(toCustomerView), totalDocs, page: f.page, limit: f.limit };
}

async function customerOr404(db: Db, id: number): Promise<User> {
  const user = await findUserById(db, id);
  if (!user || user.role !== 'user') throw new HttpError(404, 'customer_not_found');
  return user;
}

async function audit(
  db: Db,
  adminId: number,
  action: string,
  customerId: number,
  detail: Record<string, unknown>,
  now: number,
) {
  await db.insert(auditLog).values({
    userId: adminId,
    action,
    entity: 'user',
    entityId: String(customerId),
    detail,
    createdAt: new Date(now),
  });
}

function setStatus(deps: Deps, admin: User, id: number, to: CustomerStatus, action: string, guard?: (u: User) => void) {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const before = await customerOr404(tx, id);
    guard?.(before);
    if (before.status === to) return { before, after: before, changed: false };
    const after = (
      await tx
        .update(users)
        .set({
          status: to,
          updatedAt: new Date(now),
          ...(to === 'approved' ? { approvedAt: new Date(now) } : {}),
        })
        .where(eq(users.id, id))
        .returning()
    )[0]!;
    if (to !== 'approved') await deleteUserSessions(tx, id);
    await audit(tx, admin.id, action, id, { from: before.status, to }, now);
    return { before, after, changed: true };
  });
}

/** pending / rejected / disabled -> approved, and the customer is told by e-mail. */
export async function approveCustomer(deps: Deps, admin: User, id: number): Promise<CustomerView> {
  const { after, changed } = await setStatus(deps, admin, id, 'approved', 'customer.approve', (u) => {
    if (u.status === 'unverified') throw new HttpError(409, 'email_not_verified');
  });
  if (changed) await deps.mailer.send(templates.accountApproved(await siteOf(deps), after.email, after.firstName));
  return toCustomerView(after);
}

export async function rejectCustomer(deps: Deps, admin: User, id: number): Promise<CustomerView> {
  return toCustomerView((await setStatus(deps, admin, id, 'rejected', 'customer.reject')).after);
}

export async function disableCustomer(deps: Deps, admin: User, id: number): Promise<CustomerView> {
  return toCustomerView((await setStatus(deps, admin, id, 'disabled', 'customer.disable')).after);
}

/** Grants (allow: true) or revokes API access. */
export async function setApiAccess(deps: Deps, admin: User, id: number, allow: boolean): Promise<CustomerView> {
  const now = deps.clock.now();
  const after = await writeTx(deps.db, async (tx) => {
    const before = await customerOr404(tx, id);
    if (before.apiAllow === allow) return before;
    const updated = (
      await tx
        .update(users)
        .set({ apiAllow: allow, updatedAt: new Date(now) })
        .where(eq(users.id, id))
        .returning()
    )[0]!;
    await audit(
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
