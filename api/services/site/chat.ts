/**
 * The "Message us" widget's conversations. A visitor's message starts a conversation of its
 * own (answered by e-mail); a signed-in trader has one conversation, every message of theirs
 * joining it, and reads the staff answers in the widget. Each message is filed in the staff
 * inbox (contact_messages, kind 'chat', status 'new') and e-mailed to STAFF_EMAIL.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { writeTx } from '../../../db/client.ts';
import { contactMessages, messageReplies, type User } from '../../../db/tables.ts';
import type { TraderChat, VisitorChat } from '../../../src/domain/validation/chat.ts';
import type { Deps } from '../../types.ts';
import { siteOf } from '../accounts/accounts.ts';
import { staffMessageEmail, type StaffNotice } from './messages.ts';

type Sender = Omit<StaffNotice, 'kind'>;

async function file(deps: Deps, m: Sender, user: User | null): Promise<{ id: number; threadId: number }> {
  const saved = await writeTx(deps.db, async (tx) => {
    const thread = user ? await threadOf(tx, user.id) : null;
    const row = (
      await tx
        .insert(contactMessages)
        .values({
          kind: 'chat',
          ...m,
          userId: user?.id ?? null,
          threadId: thread,
          createdAt: new Date(deps.clock.now()),
        })
        .returning({ id: contactMessages.id })
    )[0]!;
    if (thread == null)
      await tx.update(contactMessages).set({ threadId: row.id }).where(eq(contactMessages.id, row.id));
    return { id: row.id, threadId: thread ?? row.id };
  });
  await deps.mailer.send(staffMessageEmail(await siteOf(deps), deps.config.STAFF_EMAIL, { kind: 'chat', ...m }));
  return saved;
}

/** The trader's conversation: the thread of their first widget message, if any. */
async function threadOf(db: Deps['db'], userId: number): Promise<number | null> {
  const first = await db
    .select({ threadId: contactMessages.threadId })
    .from(contactMessages)
    .where(and(eq(contactMessages.userId, userId), eq(contactMessages.kind, 'chat')))
    .orderBy(asc(contactMessages.id))
    .limit(1);
  return first[0]?.threadId ?? null;
}

export function sendVisitorChat(deps: Deps, m: VisitorChat, user: User | null) {
  return file(deps, { ...m, phone: '', companyName: '' }, user);
}

export function sendTraderChat(deps: Deps, m: TraderChat, user: User) {
  const name = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return file(deps, { ...m, name, email: user.email, phone: user.phone, companyName: user.companyName }, user);
}

export type ThreadEntry = { _id: string; from: 'you' | 'staff'; text: string; createdAt: string };

/** The trader's conversation, oldest first: their messages and the staff answers to them. */
export async function traderThread(deps: Deps, user: User): Promise<{ entries: ThreadEntry[] }> {
  const mine = await deps.db
    .select()
    .from(contactMessages)
    .where(and(eq(contactMessages.userId, user.id), eq(contactMessages.kind, 'chat')))
    .orderBy(asc(contactMessages.id));
  const ids = mine.map((m) => m.id);
  const replies = ids.length
    ? await deps.db
        .select()
        .from(messageReplies)
        .where(inArray(messageReplies.messageId, ids))
        .orderBy(asc(messageReplies.id))
    : [];
  const entries: ThreadEntry[] = [
    ...mine.map((m) => ({
      _id: `m${m.id}`,
      from: 'you' as const,
      text: m.message,
      createdAt: m.createdAt.toISOString(),
    })),
    ...replies.map((r) => ({
      _id: `r${r.id}`,
      from: 'staff' as const,
      text: r.body,
      createdAt: r.createdAt.toISOString(),
    })),
  ];
  entries.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return { entries };
}
