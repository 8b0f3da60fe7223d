/**
 * Staff answers from the messages inbox: the answer is stored against the message (so a
 * trader reads it in the "Message us" widget), e-mailed to the sender, and the message is
 * marked handled. Audited.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import { writeTx, type Db } from '../../../db/client.ts';
import { contactMessages, messageReplies, users, type User } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { siteOf } from '../accounts/accounts.ts';
import { compose, type Site } from '../accounts/email-templates.ts';
import type { MailMessage } from '../platform/mailer.ts';
import { audit } from './audit.ts';

export type ReplyView = { _id: number; message: string; staffName: string; createdAt: string };

export function replyEmail(site: Site, to: string, name: string, asked: string, answer: string): MailMessage {
  return compose(site, to, `Re: your message to ${site.name}`, `Dear ${name},`, [
    { p: answer },
    { p: 'You wrote:' },
    { quote: asked },
  ]);
}

export async function replyToMessage(deps: Deps, staff: User, id: number, body: string): Promise<ReplyView> {
  const now = deps.clock.now();
  const { message, reply } = await writeTx(deps.db, async (tx) => {
    const message = (await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1))[0];
    if (!message) throw new HttpError(404, 'message_not_found');
    const reply = (
      await tx
        .insert(messageReplies)
        .values({ messageId: id, staffId: staff.id, body, createdAt: new Date(now) })
        .returning()
    )[0]!;
    if (message.status !== 'handled')
      await tx.update(contactMessages).set({ status: 'handled' }).where(eq(contactMessages.id, id));
    await audit(tx, staff.id, 'message.reply', 'contact_message', id, { length: body.length }, now);
    return { message, reply };
  });
  await deps.mailer.send(replyEmail(await siteOf(deps), message.email, message.name, message.message, body));
  return { _id: reply.id, message: reply.body, staffName: staffName(staff), createdAt: reply.createdAt.toISOString() };
}

const staffName = (u: Pick<User, 'firstName' | 'lastName'> | null) =>
  u ? `${u.firstName} ${u.lastName}`.trim() || 'Staff' : 'Staff';

/** The answers to each of these messages, oldest first. */
export async function repliesOf(db: Db, messageIds: number[]): Promise<Map<number, ReplyView[]>> {
  const out = new Map<number, ReplyView[]>();
  if (messageIds.length === 0) return out;
  const rows = await db
    .select()
    .from(messageReplies)
    .where(inArray(messageReplies.messageId, messageIds))
    .orderBy(asc(messageReplies.id));
  const staffIds = [...new Set(rows.map((r) => r.staffId).filter((x): x is number => x != null))];
  const staff = staffIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, staffIds))
    : [];
  for (const r of rows) {
    const list = out.get(r.messageId) ?? [];
    list.push({
      _id: r.id,
      message: r.body,
      staffName: staffName(staff.find((u) => u.id === r.staffId) ?? null),
      createdAt: r.createdAt.toISOString(),
    });
    out.set(r.messageId, list);
  }
  return out;
}
