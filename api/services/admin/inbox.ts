/**
 * The staff inboxes: bag requests (with the customer and the priced snapshot frozen when
 * the request was sent; request-desk.ts moves it through its lifecycle and keeps notes) and contact / API messages (new -> read -> handled). Changes are audited.
 */
import { and, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import { likeCI, writeTx, type Db } from '../../../db/client.ts';
import {
  bagRequests,
  contactMessages,
  users,
  type MESSAGE_KINDS,
  type MESSAGE_STATUSES,
  type REQUEST_STATUSES,
} from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { audit } from './audit.ts';
import { repliesOf, type ReplyView } from './message-replies.ts';

export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export type MessageKind = (typeof MESSAGE_KINDS)[number];

const customerCols = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  companyName: users.companyName,
  phone: users.phone,
  status: users.status,
};

type RequestRow = {
  r: typeof bagRequests.$inferSelect;
  u: {
    id: number;
    email: string;
    firstName: string;
    lastName: string;
    companyName: string;
    phone: string;
    status: string;
  } | null;
};

const toRequestView = ({ r, u }: RequestRow) => ({
  _id: r.id,
  status: r.status,
  terms: r.terms,
  carrierRef: r.carrierRef,
  orderNotes: r.orderNotes,
  acceptsAnyAlternatives: r.acceptsAnyAlternatives,
  ccy: r.ccy,
  exRate: r.exRate,
  totalCents: r.totalCents,
  items: r.items,
  itemsCount: r.items.length,
  staffNotes: r.staffNotes,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  customer: u
    ? {
        _id: u.id,
        email: u.email,
        name: `${u.firstName} ${u.lastName}`.trim(),
        companyName: u.companyName,
        phone: u.phone,
        status: u.status,
      }
    : null,
});
export type RequestView = ReturnType<typeof toRequestView>;

export type RequestFilter = { status: RequestStatus | 'all'; userId?: number; q?: string; page: number; limit: number };

const likeOf = (q: string) => `%${q.replace(/[%_]/g, '')}%`;

export async function listRequests(db: Db, f: RequestFilter) {
  const where: SQL[] = [];
  if (f.status !== 'all') where.push(eq(bagRequests.status, f.status));
  if (f.userId != null) where.push(eq(bagRequests.userId, f.userId));
  if (f.q) {
    const p = likeOf(f.q);
    where.push(
      or(
        likeCI(users.email, p),
        likeCI(users.companyName, p),
        likeCI(users.firstName, p),
        likeCI(users.lastName, p),
      ) as SQL,
    );
  }
  const cond = where.length ? and(...where) : undefined;
  const totalDocs =
    (
      await db
        .select({ n: count() })
        .from(bagRequests)
        .leftJoin(users, eq(users.id, bagRequests.userId))
        .where(cond)
        .limit(1)
    )[0]?.n ?? 0;
  const rows = await db
    .select({ r: bagRequests, u: customerCols })
    .from(bagRequests)
    .leftJoin(users, eq(users.id, bagRequests.userId))
    .where(cond)
    .orderBy(desc(bagRequests.createdAt), desc(bagRequests.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { docs: rows.map(toRequestView), totalDocs, page: f.page, limit: f.limit };
}

async function requestRow(db: Db, id: number): Promise<RequestRow> {
  const row = (
    await db
      .select({ r: bagRequests, u: customerCols })
      .from(bagRequests)
      .leftJoin(users, eq(users.id, bagRequests.userId))
      .where(eq(bagRequests.id, id))
      .limit(1)
  )[0];
  if (!row) throw new HttpError(404, 'request_not_found');
  return row;
}

export const getRequest = async (db: Db, id: number): Promise<RequestView> => toRequestView(await requestRow(db, id));

// ---------------------------------------------------------------- messages

const toMessageView = (m: typeof contactMessages.$inferSelect) => ({
  _id: m.id,
  kind: m.kind,
  name: m.name,
  email: m.email,
  phone: m.phone,
  companyName: m.companyName,
  message: m.message,
  pageTitle: m.pageTitle,
  userId: m.userId,
  threadId: m.threadId,
  status: m.status,
  createdAt: m.createdAt.toISOString(),
  replies: [] as ReplyView[],
});
export type MessageView = ReturnType<typeof toMessageView>;

export type MessageFilter = { status: MessageStatus | 'all'; kind: MessageKind | 'all'; page: number; limit: number };

export async function listMessages(db: Db, f: MessageFilter) {
  const where: SQL[] = [];
  if (f.status !== 'all') where.push(eq(contactMessages.status, f.status));
  if (f.kind !== 'all') where.push(eq(contactMessages.kind, f.kind));
  const cond = where.length ? and(...where) : undefined;
  const totalDocs = (await db.select({ n: count() }).from(contactMessages).where(cond).limit(1))[0]?.n ?? 0;
  const rows = await db
    .select()
    .from(contactMessages)
    .where(cond)
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  const replies = await repliesOf(
    db,
    rows.map((r) => r.id),
  );
  const docs = rows.map((r) => ({ ...toMessageView(r), replies: replies.get(r.id) ?? [] }));
  return { docs, totalDocs, page: f.page, limit: f.limit };
}

export function setMessageStatus(deps: Deps, adminId: number, id: number, status: MessageStatus): Promise<MessageView> {
  const now = deps.clock.now();
  return writeTx(deps.db, async (tx) => {
    const before = (await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1))[0];
    if (!before) throw new HttpError(404, 'message_not_found');
    const replies = (await repliesOf(tx, [id])).get(id) ?? [];
    if (before.status === status) return { ...toMessageView(before), replies };
    const after = (await tx.update(contactMessages).set({ status }).where(eq(contactMessages.id, id)).returning())[0]!;
    await audit(tx, adminId, 'message.status', 'contact_message', id, { from: before.status, to: status }, now);
    return { ...toMessageView(after), replies };
  });
}

// ---------------------------------------------------------------- customer search

export async function searchCustomers(db: Db, q: string, page: number, limit: number) {
  const p = likeOf(q.trim());
  const cond = and(
    eq(users.role, 'user'),
    or(
      likeCI(users.email, p),
      likeCI(users.companyName, p),
      likeCI(users.firstName, p),
      likeCI(users.lastName, p),
      likeCI(users.phone, p),
    ),
  );
  const totalDocs = (await db.select({ n: count() }).from(users).where(cond).limit(1))[0]?.n ?? 0;
  const rows = await db
    .select({ ...customerCols, createdAt: users.createdAt, apiAllow: users.apiAllow })
    .from(users)
    .where(cond)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const counts = new Map(
    (
      await db
        .select({ userId: bagRequests.userId, n: count() })
        .from(bagRequests)
        .where(inArray(bagRequests.userId, rows.length ? rows.map((u) => u.id) : [0]))
        .groupBy(bagRequests.userId)
    ).map((r) => [r.userId, r.n]),
  );
  const docs = rows.map((u) => ({
    _id: u.id,
    email: u.email,
    name: `${u.firstName} ${u.lastName}`.trim(),
    firstName: u.firstName,
    lastName: u.lastName,
    companyName: u.companyName,
    phone: u.phone,
    status: u.status,
    apiAllow: u.apiAllow,
    createdAt: u.createdAt.toISOString(),
    requests: counts.get(u.id) ?? 0,
  }));
  return { docs, totalDocs, page, limit };
}
