/**
 * The outbox: an e-mail stored inside a transaction exists exactly when the work it reports
 * does, is delivered once however many nodes try, and one whose node died before delivering it
 * is sent by the resend of any node; a one-time token mail is never resent, an alert's
 * unsubscribe link (stored with its signature redacted) is resent signed again.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { writeTx } from '../../db/client.ts';
import { emailOutbox } from '../../db/tables.ts';
import { resetPassword } from '../../api/services/accounts/email-templates.ts';
import { createMailer, REDACTED } from '../../api/services/platform/mailer.ts';
import { STALE_MS, startOutboxResend } from '../../api/services/platform/outbox-resend.ts';
import { alertEmail } from '../../api/services/saved-searches/alert-mails.ts';
import {
  readUnsubscribeToken,
  UNSUBSCRIBE_PATH,
  unsubscribeRestorer,
  unsubscribeToken,
} from '../../api/services/saved-searches/unsubscribe-token.ts';
import { createTestApp } from './helpers.ts';

const message = { to: 'buyer@example.com', subject: 'Your hold has ended', text: 'Ended.', html: '<p>Ended.</p>' };

async function setup() {
  const t = await createTestApp({ seed: false });
  const lines: string[] = [];
  const mailer = createMailer(t.db, { smtpUrl: '', from: t.config.MAIL_FROM, log: (l) => lines.push(l) });
  const statuses = async () => (await t.db.select().from(emailOutbox)).map((r) => r.status);
  return { t, lines, mailer, statuses };
}

describe('the e-mail outbox', () => {
  it('stores a message with its transaction: a rolled-back one is never stored or sent', async () => {
    const { t, mailer, statuses } = await setup();
    await expect(
      writeTx(t.db, async (tx) => {
        await mailer.queue(tx, message);
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await statuses()).toEqual([]);
  });

  it('delivers a queued message once, however many nodes try', async () => {
    const { t, lines, mailer, statuses } = await setup();
    const other = createMailer(t.db, { smtpUrl: '', from: t.config.MAIL_FROM, log: (l) => lines.push(l) });
    const queued = await writeTx(t.db, (tx) => mailer.queue(tx, message));
    const results = await Promise.all([mailer.deliver(queued), other.deliver(queued), mailer.deliver(queued)]);
    expect(results.map((r) => r.status).sort()).toEqual(['logged', 'skipped', 'skipped']);
    expect(lines).toHaveLength(1);
    expect(await statuses()).toEqual(['logged']);
  });

  it('resends what a dead node left queued, once, after STALE_MS, but never a token mail', async () => {
    const { t, lines, mailer, statuses } = await setup();
    await writeTx(t.db, (tx) => mailer.queue(tx, message)); // its node died before delivering it
    await writeTx(t.db, (tx) =>
      mailer.queue(
        tx,
        resetPassword({ name: 'Facet', url: 'http://127.0.0.1' }, 'a@example.com', 'Ann', 'x'.repeat(43)),
      ),
    );
    const resend = startOutboxResend({ mailer, clock: t.clock }, { poll: false });
    expect(await resend.runOnce()).toBe(0); // still its own node's to deliver
    t.clock.advance(STALE_MS + 1000);
    const [first, second] = [await resend.runOnce(), await resend.runOnce()];
    expect([first, second]).toEqual([1, 0]);
    expect(lines).toEqual([`[mail] to ${message.to}: ${message.subject}`]);
    expect((await statuses()).sort()).toEqual(['logged', 'queued']);
    const [token] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'queued'));
    expect(token!.to).toBe('a@example.com');
  });
});

describe('an alert left queued', () => {
  it('is resent with its unsubscribe link signed again, working, and still logged redacted', async () => {
    const { t, lines } = await setup();
    const sent: Record<string, unknown>[] = [];
    const transport = { sendMail: async (mail: Record<string, unknown>) => void sent.push(mail) };
    const restorers = [unsubscribeRestorer(t.config)];
    const from = t.config.MAIL_FROM;
    const search = {
      id: 42,
      name: 'Rounds',
      view: '/diamonds/all',
      currency: 'GBP',
      alert: 'instant',
      priceDropPct: null,
    };
    const alert = alertEmail(
      { name: 'Facet', url: t.config.siteUrl },
      t.config,
      { email: 'b@example.com', firstName: 'Bo' },
      search,
      [],
      [],
    );
    const logging = createMailer(t.db, { smtpUrl: '', from, log: (l) => lines.push(l), restorers });
    const smtp = createMailer(t.db, { smtpUrl: '', from, transport, restorers });
    const leftQueued = async () => {
      await writeTx(t.db, (tx) => logging.queue(tx, alert)); // its node died before delivering it
      const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'queued'));
      expect(row!.text).toContain(`${UNSUBSCRIBE_PATH}?token=42.${REDACTED}`);
      t.clock.advance(STALE_MS + 1000);
    };
    await leftQueued();
    expect(await startOutboxResend({ mailer: logging, clock: t.clock }, { poll: false }).runOnce()).toBe(1);
    expect(lines.join('\n')).toContain(`${UNSUBSCRIBE_PATH}?token=42.${REDACTED}`);
    expect(lines.join('\n')).not.toContain(unsubscribeToken(t.config, 42));
    await leftQueued();
    expect(await startOutboxResend({ mailer: smtp, clock: t.clock }, { poll: false }).runOnce()).toBe(1);

    expect(sent).toHaveLength(1);
    const text = String(sent[0]!.text);
    const link = new URL(/https?:\/\/\S+\/alerts\/unsubscribe\?token=\S+/.exec(text)![0]);
    expect(readUnsubscribeToken(t.config, link.searchParams.get('token')!)).toBe(42);
    expect(String(sent[0]!.html)).toContain(link.href);
    expect((sent[0]!.headers as Record<string, string>)['List-Unsubscribe']).toBe(`<${link.href}>`);
    expect(JSON.stringify(sent[0])).not.toContain(REDACTED);
  });
});
