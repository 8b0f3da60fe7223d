/**
 * Every e-mail goes through here: it is stored in the outbox first, then sent over SMTP
 * when SMTP_URL is set (status 'sent' or 'failed'), or printed to the console with its
 * links (status 'logged') so the demo works without a mail server.
 *
 * A message's `secrets` (the one-time token of a verification or reset link) are sent as
 * written but stored and printed as REDACTED, so neither a copy of the database nor the logs
 * open an account. A token mail that fails to send is not kept for a retry: the customer asks
 * for a new link.
 */
import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../../db/client.ts';
import { emailOutbox } from '../../../db/tables.ts';
import { logger } from './logger.ts';

export type MailMessage = { to: string; subject: string; text: string; html: string; secrets?: string[] };

export const REDACTED = '[redacted]';

/** The message as the outbox keeps it: every secret replaced by REDACTED. */
export function atRest(message: MailMessage): Omit<MailMessage, 'secrets'> {
  const { secrets = [], ...rest } = message;
  const hide = (s: string) => secrets.reduce((out, secret) => (secret ? out.split(secret).join(REDACTED) : out), s);
  return { ...rest, text: hide(rest.text), html: hide(rest.html) };
}
export type Mailer = { send(message: MailMessage): Promise<{ id: number; status: 'sent' | 'logged' | 'failed' }> };

export function createMailer(db: Db, opts: { smtpUrl: string; from: string; log?: (line: string) => void }): Mailer {
  const log = opts.log ?? ((line: string) => logger.info({ worker: 'mail' }, line));
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl, { from: opts.from }) : null;
  return {
    async send(message) {
      const stored = atRest(message);
      const row = (
        await db
          .insert(emailOutbox)
          .values({ ...stored, status: 'queued' })
          .returning({ id: emailOutbox.id })
      )[0]!;
      const { secrets: _secrets, ...outgoing } = message;
      if (!transport) {
        const links = stored.text.match(/https?:\/\/\S+/g) ?? [];
        log(`[mail] to ${message.to}: ${message.subject}${links.length ? `\n       ${links.join('\n       ')}` : ''}`);
        await db.update(emailOutbox).set({ status: 'logged', sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
        return { id: row.id, status: 'logged' };
      }
      try {
        await transport.sendMail({ from: opts.from, ...outgoing });
        await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(emailOutbox.id, row.id));
        return { id: row.id, status: 'sent' };
      } catch (err) {
        const error = err instanceof Error ? err.message : String(err);
        log(`[mail] sending to ${message.to} failed: ${error}`);
        await db.update(emailOutbox).set({ status: 'failed', error }).where(eq(emailOutbox.id, row.id));
        return { id: row.id, status: 'failed' };
      }
    },
  };
}
