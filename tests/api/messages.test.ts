import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/tables.ts';
import { errorOf, insertUser, signIn } from './auth-helpers.ts';
import { createTestApp } from './helpers.ts';

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Ada Stone',
  email: 'ada@stone.example',
  phone: '+44 20 7946 0001',
  companyName: 'Stone & Co <Ltd>',
  message: 'Please call me\nabout a 2 ct oval.',
  pageTitle: 'Facet Trade - Contact Us',
  ...over,
});

describe('POST /api/v1/message', () => {
  it('stores the message as a new contact message and e-mails it to STAFF_EMAIL with the page title', async () => {
    const t = await createTestApp({ seed: false, env: { STAFF_EMAIL: 'desk@facet.example' } });
    const res = await t.json('/message', 'POST', body());
    expect(res.status).toBe(201);
    const answer = (await res.json()) as { id: number; message: string };
    expect(answer.message).toBe('Thanks for sending us your message!');
    const row = (await t.db.select().from(contactMessages).where(eq(contactMessages.id, answer.id)))[0];
    expect(row).toMatchObject({
      kind: 'contact',
      name: 'Ada Stone',
      email: 'ada@stone.example',
      companyName: 'Stone & Co <Ltd>',
      pageTitle: 'Facet Trade - Contact Us',
      status: 'new',
      userId: null,
    });
    const mail = t.mailer.last('desk@facet.example');
    expect(mail?.subject).toContain('Ada Stone');
    expect(mail?.text).toContain('Facet Trade - Contact Us');
    expect(mail?.text).toContain('> about a 2 ct oval.');
    expect(mail?.html).toContain('Stone &amp; Co &lt;Ltd&gt;');
    expect(mail?.html).not.toContain('<Ltd>');
  });

  it("files the API page drawer's message with kind 'api'", async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.json('/message', 'POST', body({ kind: 'api', pageTitle: 'Facet Trade - API' }));
    expect(res.status).toBe(201);
    const row = (await t.db.select().from(contactMessages).orderBy(desc(contactMessages.id)))[0];
    expect(row?.kind).toBe('api');
    expect(t.mailer.last()?.subject).toMatch(/^API enquiry/);
  });

  it('links the message to the signed-in sender', async () => {
    const t = await createTestApp({ seed: false });
    const user = await insertUser(t.db);
    const agent = await signIn(t, user.email);
    expect((await agent.json('/message', 'POST', body())).status).toBe(201);
    expect((await t.db.select().from(contactMessages))[0]?.userId).toBe(user.id);
  });

  it('refuses a message with a missing field or a bad e-mail, naming the field, and stores nothing', async () => {
    const t = await createTestApp({ seed: false });
    for (const [field, value, msg] of [
      ['name', '  ', 'Name is required'],
      ['email', 'not-an-email', 'Please enter a valid email'],
      ['phone', '', 'Phone is required'],
      ['companyName', undefined, 'Company name is required'],
      ['message', '', 'Message is required'],
    ] as const) {
      const res = await t.json('/message', 'POST', body({ [field]: value }));
      expect(res.status).toBe(400);
      expect((await errorOf(res)).msg).toEqual([{ param: field, msg }]);
    }
    const kind = await t.json('/message', 'POST', body({ kind: 'spam' }));
    expect(kind.status).toBe(400);
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
    expect(t.mailer.messages).toHaveLength(0);
  });

  it('accepts JSON only', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.request('/message', {
      method: 'POST',
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
  });

  it('allows 10 messages an hour per client address, then answers 429 with Retry-After', async () => {
    const t = await createTestApp({ seed: false });
    const from = (client: string) => ({ headers: { 'x-test-client': client } });
    for (let i = 0; i < 10; i++) expect((await t.json('/message', 'POST', body(), from('a'))).status).toBe(201);
    const refused = await t.json('/message', 'POST', body(), from('a'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await t.json('/message', 'POST', body(), from('b'))).status).toBe(201);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect((await t.json('/message', 'POST', body(), from('a'))).status).toBe(201);
    expect(await t.db.select().from(contactMessages)).toHaveLength(12);
  });
});
