/**
 * Without SMTP the mailer prints each e-mail to the log with its links, so the shop's staff can
 * see what was sent; the one-time token of a verification or reset link, and the signature of
 * an alert's unsubscribe link, are printed redacted, so the logs never hold a link that opens
 * an account or acts for its owner.
 */
import { describe, expect, it } from 'vitest';
import { resetPassword, verifyEmail } from '../../api/services/accounts/email-templates.ts';
import { createMailer, REDACTED } from '../../api/services/platform/mailer.ts';
import { alertEmail } from '../../api/services/saved-searches/alert-mails.ts';
import { UNSUBSCRIBE_PATH, unsubscribeToken } from '../../api/services/saved-searches/unsubscribe-token.ts';
import { createTestApp } from './helpers.ts';

const site = { name: 'Facet Trade', url: 'https://trade.example.com' };

describe('the mailer without SMTP (MAIL_TRANSPORT=log)', () => {
  it('prints reset and verify links with the token redacted', async () => {
    const t = await createTestApp({ seed: false });
    const lines: string[] = [];
    const mailer = createMailer(t.db, { smtpUrl: '', from: t.config.MAIL_FROM, log: (l) => lines.push(l) });
    const resetToken = 'r'.repeat(43);
    const verifyToken = 'v'.repeat(43);
    expect((await mailer.send(resetPassword(site, 'a@example.com', 'Ann', resetToken))).status).toBe('logged');
    await mailer.send(verifyEmail(site, 'b@example.com', 'Bob', verifyToken));
    const printed = lines.join('\n');
    expect(printed).toContain(`https://trade.example.com/reset/${REDACTED}`);
    expect(printed).toContain('b@example.com');
    expect(printed).not.toContain(resetToken);
    expect(printed).not.toContain(verifyToken);
  });

  it("prints an alert's unsubscribe link with its signature redacted", async () => {
    const t = await createTestApp({ seed: false });
    const lines: string[] = [];
    const mailer = createMailer(t.db, { smtpUrl: '', from: t.config.MAIL_FROM, log: (l) => lines.push(l) });
    const search = { id: 7, name: 'Ovals', view: '/diamonds/all', currency: 'GBP', alert: 'daily', priceDropPct: null };
    const alert = alertEmail(site, t.config, { email: 'c@example.com', firstName: '' }, search, [], []);
    const token = unsubscribeToken(t.config, 7);
    expect(alert.text).toContain(token);
    await mailer.send(alert);
    const printed = lines.join('\n');
    expect(printed).toContain(`${UNSUBSCRIBE_PATH}?token=7.${REDACTED}`);
    expect(printed).not.toContain(token.split('.')[1]);
  });
});
