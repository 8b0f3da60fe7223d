/**
 * Reading the e-mails the SMTP capture received (support/smtp-capture.ts): wait for the
 * newest message to an address whose subject matches, and pull a link out of its text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import type { CapturedMail } from './smtp-capture.ts';

export const MAIL_DIR = join(process.env.FACET_E2E_DIR ?? '/tmp', 'mail');

/** Quoted-printable soft breaks and =XX escapes decoded (nodemailer's default for text). */
export function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));
}

export type Mail = { to: string[]; subject: string; body: string; receivedAt: number };

function decodeHeader(v: string): string {
  return v.replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function parse(mail: CapturedMail): Mail {
  const [head = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '');
  let body = rest.join('\n\n');
  // base64 parts (rare for ASCII text) are decoded where they stand
  body = body.replace(
    /content-transfer-encoding:\s*base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/gi,
    (_m, b64: string) => Buffer.from(b64.replace(/\s+/g, ''), 'base64').toString('utf8'),
  );
  return { to: mail.to, subject, body: decodeQuotedPrintable(body), receivedAt: mail.receivedAt };
}

export function allMail(): Mail[] {
  let files: string[] = [];
  try {
    files = readdirSync(MAIL_DIR)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return files.map((f) => parse(JSON.parse(readFileSync(join(MAIL_DIR, f), 'utf8')) as CapturedMail));
}

/** The newest message to `to` whose subject matches, waiting up to 20 s for it to arrive. */
export async function waitForMail(to: string, subject: RegExp, after = 0): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      () => {
        found = allMail()
          .filter((m) => m.receivedAt >= after && m.to.includes(to.toLowerCase()) && subject.test(m.subject))
          .at(-1);
        return found != null;
      },
      { timeout: 20_000, message: `an e-mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return found as Mail;
}

/** The first link in the message whose path starts with `prefix` (e.g. '/verify/'). */
export function linkIn(mail: Mail, prefix: string): string {
  const m = mail.body.match(new RegExp(`https?://[^\\s"'<>]+${prefix.replace(/\//g, '\\/')}[A-Za-z0-9_\\-.~%]+`));
  if (!m) throw new Error(`no ${prefix} link in "${mail.subject}"`);
  return m[0];
}
