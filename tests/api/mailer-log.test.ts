/**
 * Without SMTP the mailer prints each e-mail to the log with its links, so the shop's staff can
 * see what was sent; the one-time token of a verification or reset link is printed redacted,
 * so the logs never hold a link that opens an account.
 */
import { describe, expect, it } from 'vitest';
import { resetPassword, verifyEmail } from '../../api/services/accounts/email-templates.ts';
import { createMailer, REDACTED } from '../../api/services/platform/mailer.ts';
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
});
