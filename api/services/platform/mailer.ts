/**
 * Every e-mail goes through here: it is stored in the outbox first, then sent over SMTP
 * when SMTP_URL is set (status 'sent' or 'failed'), or printed to the console with its
 * links (status 'logged') so the demo works without a mail server.
 *
 * A message's `secrets` (the one-time token of a verification or reset link, the signature of
 * an alert's unsubscribe link) are sent as written but stored and printed as REDACTED, in its
 * text, html and headers, so neither a copy of the database nor the logs open an account or
 * act for its owner. A one-time token cannot be made again: such a mail left queued is never
 * resent (the customer asks for a new link). A signed link can: it keeps its payload and only
 * its signature is redacted (`…?token=42.[redacted]`), and the resend signs it again through
 * the mailer's `restorers` before sending.
 */
import { and, asc, eq, like, lte, not, or } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../../../db/client.ts';
import { emailOutbox } from '../../../db/tables.ts';
import { logger } from './logger.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  secrets?: string[];
  /** extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058) of an alert */
  headers?: Record<string, string>;
};

export const REDACTED = '[redacted]';

/** The message as the outbox keeps it (and the log prints it): every secret replaced by REDACTED. */
export function atRest(message: MailMessage): Omit<MailMessage, 'secrets'> {
  const { secrets = [], ...rest } = message;
  const hide = (s: string) => secrets.reduce((out, secret) => (secret ? out.split(secret).join(REDACTED) : out), s);
  const headers = rest.headers && Object.fromEntries(Object.entries(rest.headers).map(([k, v]) => [k, hide(v)]));
  return { ...rest, text: hide(rest.text), html: hide(rest.html), ...(headers ? { headers } : {}) };
}

/**
 * Makes a redacted secret again for the resend: `like` finds the stored messages that hold one
 * (an SQL LIKE pattern on the text); `restore` puts the secrets back into a stored string and
 * names them, so they stay secrets (the log still prints them redacted).
 */
export type Restorer = { like: string; restore: (stored: string) => { text: string; secrets: string[] } };

/** The stored message with its secrets made again, or null when one cannot be (a one-time token). */
function restored(message: MailMessage, restorers: readonly Restorer[]): MailMessage | null {
  const secrets = new Set<string>();
  const put = (s: string) =>
    restorers.reduce((out, r) => {
      const done = r.restore(out);
      done.secrets.forEach((x) => secrets.add(x));
      return done.text;
    }, s);
  const headers = message.headers && Object.fromEntries(Object.entries(message.headers).map(([k, v]) => [k, put(v)]));
  const out = { ...message, text: put(message.text), html: put(message.html), ...(headers ? { headers } : {}) };
  return JSON.stringify(out).includes(REDACTED) ? null : { ...out, secrets: [...secrets] };
}
/** A message stored in the outbox, to be delivered once its transaction has committed. */
export type QueuedMail = { id: number; message: MailMessage };
export type Delivery = { id: number; status: 'sent' | 'logged' | 'failed' | 'skipped' };

export type Mailer = {
  /** Stores the message and delivers it at once. */
  send(message: MailMessage): Promise<{ id: number; status: 'sent' | 'logged' | 'failed' }>;
  /**
   * Stores the message inside the caller's transaction (`tx`), so it exists exactly when the
   * work it reports does; `deliver` it after the commit. A node killed in between leaves it
   * queued, and `resendStale` on any node delivers it later.
   */
  queue(tx: Db, message: MailMessage): Promise<QueuedMail>;
  /** Delivers a queued message, once: the node that moves it from queued to sending sends it ('skipped' otherwise). */
  deliver(mail: QueuedMail): Promise<Delivery>;
  /**
   * Delivers the messages left queued since before `olderThan` (their node died after the
   * commit), their signed links signed again; a message that carried a one-time token is never
   * resent (the customer asks for a new link).
   */
  resendStale(olderThan: Date): Promise<number>;
};

const RESEND_BATCH = 50;

/** What sends a message: nodemailer's SMTP transport (a test may pass its own). */
export type Transport = { sendMail(mail: Record<string, unknown>): Promise<unknown> };

export type MailerOptions = {
  smtpUrl: string;
  from: string;
  log?: (line: string) => void;
  /** the secrets the resend can make again (saved-searches/unsubscribe-token.ts) */
  restorers?: readonly Restorer[];
  /** instead of SMTP_URL's transport */
  transport?: Transport;
};

export function createMailer(db: Db, opts: MailerOptions): Mailer {
  const log = opts.log ?? ((line: string) => logger.info({ worker: 'mail' }, line));
  const restorers = opts.restorers ?? [];
  const transport: Transport | null =
    opts.transport ?? (opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl, { from: opts.from }) : null);
  const mark = (id: number, set: Partial<typeof emailOutbox.$inferInsert>) =>
    db.update(emailOutbox).set(set).where(eq(emailOutbox.id, id));

  const queue = async (tx: Db, message: MailMessage): Promise<QueuedMail> => {
    const row = (
      await tx
        .insert(emailOutbox)
        .values({ ...atRest(message), headers: atRest(message).headers ?? null, status: 'queued' })
        .returning({ id: emailOutbox.id })
    )[0]!;
    return { id: row.id, message };
  };

  const deliver = async ({ id, message }: QueuedMail): Promise<Delivery> => {
    // the claim: a message is handed to the transport by one node only
    const won = await db
      .update(emailOutbox)
      .set({ status: 'sending' })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')))
      .returning({ id: emailOutbox.id });
    if (won.length === 0) return { id, status: 'skipped' };
    const { secrets: _secrets, ...outgoing } = message;
    if (!transport) {
      const links = atRest(message).text.match(/https?:\/\/\S+/g) ?? [];
      log(`[mail] to ${message.to}: ${message.subject}${links.length ? `\n       ${links.join('\n       ')}` : ''}`);
      await mark(id, { status: 'logged', sentAt: new Date() });
      return { id, status: 'logged' };
    }
    try {
      await transport.sendMail({ from: opts.from, ...outgoing });
      await mark(id, { status: 'sent', sentAt: new Date() });
      return { id, status: 'sent' };
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      log(`[mail] sending to ${message.to} failed: ${error}`);
      await mark(id, { status: 'failed', error });
      return { id, status: 'failed' };
    }
  };

  return {
    async send(message) {
      const done = await deliver(await queue(db, message));
      return { id: done.id, status: done.status === 'skipped' ? 'failed' : done.status };
    },
    queue,
    deliver,
    async resendStale(olderThan) {
      const stale = await db
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.status, 'queued'),
            lte(emailOutbox.createdAt, olderThan),
            or(not(like(emailOutbox.text, `%${REDACTED}%`)), ...restorers.map((r) => like(emailOutbox.text, r.like))),
          ),
        )
        .orderBy(asc(emailOutbox.id))
        .limit(RESEND_BATCH);
      let sent = 0;
      for (const row of stale) {
        const stored = { to: row.to, subject: row.subject, text: row.text, html: row.html };
        const message = restored({ ...stored, ...(row.headers ? { headers: row.headers } : {}) }, restorers);
        if (!message) continue;
        const done = await deliver({ id: row.id, message });
        if (done.status !== 'skipped') sent++;
      }
      return sent;
    },
  };
}

/**
 * Delivers what a transaction queued, after it committed. A failure is logged, never thrown:
 * the work is done and the outbox keeps the message for `resendStale`.
 */
export async function deliverQueued(mailer: Mailer, mails: readonly QueuedMail[]): Promise<void> {
  for (const mail of mails) {
    await mailer.deliver(mail).catch((err: unknown) => {
      logger.error({ err, worker: 'mail' }, 'queued e-mail not delivered; the outbox resends it');
    });
  }
}

/** A mailer that stores and sends nothing: demo data made through the shop's own services, benches. */
export const silentMailer: Mailer = {
  send: () => Promise.resolve({ id: 0, status: 'logged' }),
  queue: (_tx, message) => Promise.resolve({ id: 0, message }),
  deliver: () => Promise.resolve({ id: 0, status: 'logged' }),
  resendStale: () => Promise.resolve(0),
};
