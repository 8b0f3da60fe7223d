/**
 * The audit log of staff changes: `audit()` writes one row (who, what, when) inside the
 * caller's transaction; `listAudit()` reads it back newest first with the actor's name.
 * Every admin write (services/admin-*.ts, stock-import) goes through `audit()`.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { likeCI, type Db } from '../../../db/client.ts';
import { auditLog, users } from '../../../db/tables.ts';

export async function audit(
  db: Db,
  adminId: number | null,
  action: string,
  entity: string,
  entityId: string | number | null,
  detail: Record<string, unknown>,
  now: number,
): Promise<void> {
  await db.insert(auditLog).values({
    userId: adminId,
    action,
    entity,
    entityId: entityId == null ? null : String(entityId),
    detail,
    createdAt: new Date(now),
  });
}

export type AuditFilter = { page: number; limit: number; entity?: string; action?: string };

export type AuditView = {
  _id: number;
  action: string;
  entity: string;
  entityId: string | null;
  detail: Record<string, unknown> | null;
  createdAt: string;
  user: { _id: number; email: string; name: string } | null;
};

export async function listAudit(db: Db, f: AuditFilter) {
  const where: SQL[] = [];
  if (f.entity) where.push(eq(auditLog.entity, f.entity));
  if (f.action) where.push(likeCI(auditLog.action, `${f.action.replace(/[%_]/g, '')}%`));
  const cond = where.length ? and(...where) : undefined;
  const totalDocs = (await db.select({ n: count() }).from(auditLog).where(cond).limit(1))[0]?.n ?? 0;
  const rows = await db
    .select({
      a: auditLog,
      u: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(cond)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const docs: AuditView[] = rows.map(({ a, u }) => ({
    _id: a.id,
    action: a.action,
    entity: a.entity,
    entityId: a.entityId,
    detail: a.detail ?? null,
    createdAt: a.createdAt.toISOString(),
    user: u ? { _id: u.id, email: u.email, name: `${u.firstName} ${u.lastName}`.trim() } : null,
  }));
  return { docs, totalDocs, page: f.page, limit: f.limit };
}
