import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages, messageReplies } from '../../db/tables.ts';
import { errorOf, insertAdmin, insertUser, signIn } from './auth-helpers.ts';
import { createTestApp } from './helpers.ts';

type Sent = { id: number; threadId: number; message: string };
type Thread = { entries: { from: 'you' | 'staff'; text: string }[] };
type Inbox = { docs: { _id: number; kind: string; threadId: number | null; replies: { message: string }[] }[] };

describe('the "Message us" widget', () => {
  it("files a visitor's message in the staff inbox as a new chat message and e-mails the staff", async () => {
    const t = await createTestApp({ seed: false, env: { STAFF_EMAIL: 'desk@facet.example' } });
    const res = await t.json('/message/chat', 'POST', {
      name: 'Vera Visitor',
      email: 'vera@visitor.example',
      message: 'Do you sell <pink> stones?',
      pageTitle: 'Facet Trade - About Us',
    });
    expect(res.status).toBe(201);
    const sent = (await res.json()) as Sent;
    expect(sent.threadId).toBe(sent.id);
    const row = (await t.db.select().from(contactMessages).where(eq(contactMessages.id, sent.id)))[0];
    expect(row).toMatchObject({ kind: 'chat', name: 'Vera Visitor', email: 'vera@visitor.example', status: 'new' });
    const mail = t.mailer.last('desk@facet.example');
    expect(mail?.subject).toBe('Message us from Vera Visitor');
    expect(mail?.html).toContain('&lt;pink&gt;');

    const admin = await insertAdmin(t.db);
    const staff = await signIn(t, admin.email);
    const inbox = (await (await staff.request('/admin/messages?kind=chat')).json()) as Inbox;
    expect(inbox.docs.map((d) => d._id)).toEqual([sent.id]);
  });

  it("keeps a trader's messages in one thread and shows the staff reply to that trader only", async () => {
    const t = await createTestApp({ seed: false });
    const trader = await insertUser(t.db);
    const other = await insertUser(t.db);
    const admin = await insertAdmin(t.db, { firstName: 'Sam', lastName: 'Desk' });
    const me = await signIn(t, trader.email);
    const first = (await (
      await me.json('/message/thread', 'POST', { message: 'Is the oval on hold?' })
    ).json()) as Sent;
    t.clock.advance(1000);
    const second = (await (await me.json('/message/thread', 'POST', { message: 'And the pear?' })).json()) as Sent;
    expect(second.threadId).toBe(first.threadId);
    const row = (await t.db.select().from(contactMessages).where(eq(contactMessages.id, second.id)))[0];
    expect(row).toMatchObject({ email: trader.email, companyName: trader.companyName, userId: trader.id });

    const staff = await signIn(t, admin.email);
    t.clock.advance(1000);
    const reply = await staff.json(`/admin/messages/${second.id}/replies`, 'POST', { message: 'Both are free.' });
    expect(reply.status).toBe(201);
    expect(await t.db.select().from(messageReplies)).toHaveLength(1);
    const mail = t.mailer.last(trader.email);
    expect(mail?.text).toContain('Both are free.');
    expect(mail?.text).toContain('> And the pear?');
    const inbox = (await (await staff.request('/admin/messages?status=handled')).json()) as Inbox;
    expect(inbox.docs.find((d) => d._id === second.id)?.replies.map((r) => r.message)).toEqual(['Both are free.']);

    const thread = (await (await me.request('/message/thread')).json()) as Thread;
    expect(thread.entries).toEqual([
      expect.objectContaining({ from: 'you', text: 'Is the oval on hold?' }),
      expect.objectContaining({ from: 'you', text: 'And the pear?' }),
      expect.objectContaining({ from: 'staff', text: 'Both are free.' }),
    ]);

    const stranger = await signIn(t, other.email);
    const theirs = (await (await stranger.request('/message/thread')).json()) as Thread;
    expect(theirs.entries).toEqual([]);
    expect((await t.request('/message/thread')).status).toBe(401);
  });

  it('e-mails a staff answer to a visitor, and only staff may answer', async () => {
    const t = await createTestApp({ seed: false });
    const sent = (await (
      await t.json('/message/chat', 'POST', { name: 'Vera', email: 'vera@visitor.example', message: 'Hello?' })
    ).json()) as Sent;
    const trader = await signIn(t, (await insertUser(t.db)).email);
    expect((await trader.json(`/admin/messages/${sent.id}/replies`, 'POST', { message: 'Hi' })).status).toBe(403);
    const staff = await signIn(t, (await insertAdmin(t.db)).email);
    expect((await staff.json(`/admin/messages/${sent.id}/replies`, 'POST', { message: 'Hello Vera.' })).status).toBe(
      201,
    );
    expect(t.mailer.last('vera@visitor.example')?.text).toContain('Hello Vera.');
    const missing = await staff.json('/admin/messages/999999/replies', 'POST', { message: 'Hi' });
    expect(missing.status).toBe(404);
    const blank = await staff.json(`/admin/messages/${sent.id}/replies`, 'POST', { message: ' ' });
    expect(blank.status).toBe(400);
  });

  it('refuses bad input with the contact form words and stores nothing', async () => {
    const t = await createTestApp({ seed: false });
    for (const [field, value, msg] of [
      ['name', '', 'Name is required'],
      ['email', 'nope', 'Please enter a valid email'],
      ['message', '  ', 'Message is required'],
    ] as const) {
      const body = { name: 'Vera', email: 'vera@visitor.example', message: 'Hi', [field]: value };
      const res = await t.json('/message/chat', 'POST', body);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).msg).toEqual([{ param: field, msg }]);
    }
    expect((await t.json('/message/thread', 'POST', { message: 'Hi' })).status).toBe(401);
    const me = await signIn(t, (await insertUser(t.db)).email);
    expect((await me.json('/message/thread', 'POST', { message: '' })).status).toBe(400);
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('counts widget messages against the per-address message limit', async () => {
    const t = await createTestApp({ seed: false });
    const body = { name: 'Vera', email: 'vera@visitor.example', message: 'Hi' };
    for (let i = 0; i < 10; i++) expect((await t.json('/message/chat', 'POST', body)).status).toBe(201);
    const res = await t.json('/message/chat', 'POST', body);
    expect(res.status).toBe(429);
  });
});
