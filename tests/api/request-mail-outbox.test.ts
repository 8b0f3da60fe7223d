/**
 * A request's e-mails are stored with the request (and each step's with the step): a node that
 * dies after the commit, before any e-mail goes out, leaves them queued, and the outbox resend of
 * any node sends each of them once.
 */
import { describe, expect, it } from 'vitest';
import { emailOutbox } from '../../db/tables.ts';
import { STALE_MS, startOutboxResend } from '../../api/services/platform/outbox-resend.ts';
import { traderWithBag } from './bag-fixtures.ts';
import { insertAdmin, signIn } from './auth-helpers.ts';
import { latestRequestId, sendBag } from './request-fixtures.ts';

describe('request e-mails and the outbox', () => {
  it('keeps the e-mails of a request and of its steps queued when the node dies before sending them', async () => {
    const { t, agent, single } = await traderWithBag();
    await agent.json('/profile/bag', 'POST', { diamondId: single.id });
    const admin = await insertAdmin(t.db);
    const staff = await signIn(t, admin.email);

    // the node "dies" on its first attempt to hand over any e-mail
    const { deliver, send } = t.mailer;
    const died = () => Promise.reject(new Error('the node died'));
    t.mailer.deliver = died;
    t.mailer.send = died;
    expect((await sendBag(agent, { terms: 'memo' })).status).toBe(200);
    const id = await latestRequestId(agent);
    expect((await staff.json(`/admin/requests/${id}`, 'PATCH', { status: 'in_review' })).status).toBe(200);
    expect((await agent.json(`/profile/requests/${id}/messages`, 'POST', { body: 'Is it eye clean?' })).status).toBe(
      201,
    );

    const rows = await t.db.select().from(emailOutbox).orderBy(emailOutbox.id);
    expect(rows.map((r) => r.status)).toEqual(['queued', 'queued', 'queued', 'queued']);
    expect(rows.map((r) => r.to)).toEqual([
      t.config.STAFF_EMAIL, // the new request
      expect.stringMatching(/@/), // the buyer's copy
      expect.stringMatching(/@/), // "in review", to the buyer
      t.config.STAFF_EMAIL, // the buyer's message
    ]);

    // any node's resend sends them, once
    t.mailer.deliver = deliver;
    t.mailer.send = send;
    const resend = startOutboxResend({ mailer: t.mailer, clock: t.clock }, { poll: false });
    // the outbox stamps rows with the database's clock: the resend looks from well past them
    t.clock.set(Date.now() + STALE_MS + 1000);
    expect(await resend.runOnce()).toBe(4);
    expect(await resend.runOnce()).toBe(0);
    expect((await t.db.select().from(emailOutbox)).every((r) => r.status === 'logged')).toBe(true);
  });
});
