/**
 * The shop's account e-mails, each in plain text and HTML with the site name:
 * verification, password reset, account approved, new registration (to staff) and API
 * access request (to staff), webhook endpoint disabled. Every value put into HTML is escaped.
 * The verification and reset mails carry their token in `secrets`: sent as written, stored in
 * the outbox redacted.
 */
import type { MailMessage } from '../platform/mailer.ts';
import { routes } from '../../../src/domain/routes.ts';

export type Site = { name: string; url: string };

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** A table row: its cells, the first linking to `href` when given. */
export type TableRow = { cells: string[]; href?: string };
export type Part =
  { p: string } | { link: string; label: string } | { quote: string } | { head: string[]; rows: TableRow[] };

const CELL = 'padding:6px 10px;border-bottom:1px solid #ddd;text-align:left;font-variant-numeric:tabular-nums';

/** A table in HTML; in text, one line per row (cells joined by ' · ') with its link below. */
function table(part: { head: string[]; rows: TableRow[] }, text: string[], html: string[]): void {
  for (const row of part.rows) text.push(row.cells.join(' · '), ...(row.href ? [`  ${row.href}`] : []));
  text.push('');
  const th = part.head.map((h) => `<th scope="col" style="${CELL}">${escapeHtml(h)}</th>`).join('');
  const trs = part.rows.map(
    (row) =>
      `<tr>${row.cells
        .map((c, i) => {
          const v = escapeHtml(c);
          return `<td style="${CELL}">${i === 0 && row.href ? `<a href="${escapeHtml(row.href)}" style="color:#111">${v}</a>` : v}</td>`;
        })
        .join('')}</tr>`,
  );
  html.push(
    `<table style="border-collapse:collapse;margin:8px 0 16px"><thead><tr>${th}</tr></thead><tbody>${trs.join('')}</tbody></table>`,
  );
}

/** One message from paragraphs: the text version lists links on their own line. */
export function compose(site: Site, to: string, subject: string, greeting: string, parts: Part[]): MailMessage {
  const text: string[] = [greeting, ''];
  const html: string[] = [`<p>${escapeHtml(greeting)}</p>`];
  for (const part of parts) {
    if ('p' in part) {
      text.push(part.p, '');
      html.push(`<p>${escapeHtml(part.p)}</p>`);
    } else if ('link' in part) {
      text.push(`${part.label}:`, part.link, '');
      html.push(
        `<p><a href="${escapeHtml(part.link)}" style="display:inline-block;padding:10px 18px;background:#111;color:#fff;text-decoration:none">${escapeHtml(part.label)}</a></p>`,
        `<p style="font-size:12px;color:#666">${escapeHtml(part.link)}</p>`,
      );
    } else if ('rows' in part) {
      table(part, text, html);
    } else {
      text.push(...part.quote.split('\n').map((l) => `> ${l}`), '');
      html.push(
        `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(part.quote).replace(/\n/g, '<br>')}</blockquote>`,
      );
    }
  }
  text.push(`${site.name}`, site.url);
  html.push(`<p>${escapeHtml(site.name)}<br><a href="${escapeHtml(site.url)}">${escapeHtml(site.url)}</a></p>`);
  return {
    to,
    subject,
    text: text.join('\n'),
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">${html.join('\n')}</body></html>`,
  };
}

export const hello = (firstName: string) => (firstName ? `Dear ${firstName},` : 'Hello,');

/** The one-time link for `token`; the token is marked secret, so the outbox keeps it redacted. */
const tokenMail = (message: MailMessage, token: string): MailMessage => ({ ...message, secrets: [token] });

export function verifyEmail(site: Site, to: string, firstName: string, token: string): MailMessage {
  const link = `${site.url}${routes.verify(token)}`;
  return tokenMail(
    compose(site, to, `Verify your e-mail address for ${site.name}`, hello(firstName), [
      { p: `Thank you for registering with ${site.name}. Please confirm your e-mail address to continue.` },
      { link, label: 'Verify my e-mail address' },
      {
        p: 'The link works once and expires in 24 hours. After verification our team reviews your registration and lets you know when your account is approved.',
      },
      { p: 'If you did not register, you can ignore this e-mail.' },
    ]),
    token,
  );
}

export function resetPassword(site: Site, to: string, firstName: string, token: string): MailMessage {
  const link = `${site.url}${routes.reset(token)}`;
  return tokenMail(
    compose(site, to, `Reset your ${site.name} password`, hello(firstName), [
      { p: `We received a request to reset the password of your ${site.name} account.` },
      { link, label: 'Choose a new password' },
      {
        p: 'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this e-mail; your password stays as it is.',
      },
    ]),
    token,
  );
}

export function accountApproved(site: Site, to: string, firstName: string): MailMessage {
  return compose(site, to, `Your ${site.name} account is approved`, hello(firstName), [
    {
      p: `Good news: your ${site.name} trade account is approved. You can now log in to see prices, build a bag and send requests.`,
    },
    { link: site.url, label: `Go to ${site.name}` },
  ]);
}

export type CustomerSummary = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  country: string;
};

const who = (u: CustomerSummary) =>
  `${u.firstName} ${u.lastName}, ${u.companyName} (${u.email}, ${u.phone}, ${u.country})`;

export function registrationAwaitingApproval(site: Site, to: string, u: CustomerSummary): MailMessage {
  return compose(site, to, `New registration awaiting approval: ${u.companyName}`, 'Hello,', [
    { p: `${who(u)} has verified their e-mail address and awaits approval.` },
    { link: `${site.url}${routes.admin}`, label: 'Review registrations' },
  ]);
}

export function apiAccessRequest(site: Site, to: string, u: CustomerSummary, message: string): MailMessage {
  return compose(site, to, `API access request: ${u.companyName}`, 'Hello,', [
    { p: `${who(u)} asks for API access.` },
    ...(message ? [{ quote: message }] : [{ p: '(no message)' }]),
    { link: `${site.url}${routes.admin}`, label: 'Review in the admin area' },
  ]);
}

export function webhookDisabled(site: Site, to: string, firstName: string, url: string, reason: string): MailMessage {
  return compose(site, to, `Your ${site.name} webhook endpoint was disabled`, hello(firstName), [
    { p: `We stopped sending API Link webhooks to this endpoint because its deliveries kept failing:` },
    { quote: `${url}\n${reason}` },
    {
      p: 'Nothing is lost: the change feed keeps every event. Fix the endpoint, then enable it again on your API Link page; use GET /changes to catch up on what it missed.',
    },
    { link: `${site.url}${routes.accountWebhooks}`, label: 'Open API Link' },
  ]);
}

export type ApiKeyEvent = 'created' | 'rolled' | 'revoked';
export type ApiKeyFacts = { name: string; scope: string; last4: string; byStaff: boolean; oldKeyUntil?: Date };

const KEY_EVENT_LINES: Record<ApiKeyEvent, (k: ApiKeyFacts) => string> = {
  created: (k) => `A new ${k.scope} API Link key "${k.name}" (ending ${k.last4}) was created on your account.`,
  rolled: (k) =>
    `Your ${k.scope} API Link key "${k.name}" was rolled: the new key ends ${k.last4}` +
    (k.oldKeyUntil ? `, and the old key keeps working until ${k.oldKeyUntil.toISOString()} (UTC).` : '.'),
  revoked: (k) => `Your ${k.scope} API Link key "${k.name}" (ending ${k.last4}) was revoked and no longer works.`,
};

/** To the account holder after every create, roll and revoke of one of their API Link keys. */
export function apiKeyChanged(
  site: Site,
  to: string,
  firstName: string,
  event: ApiKeyEvent,
  key: ApiKeyFacts,
): MailMessage {
  return compose(site, to, `API Link key ${event}: ${key.name}`, hello(firstName), [
    { p: KEY_EVENT_LINES[event](key) },
    ...(key.byStaff ? [{ p: `This was done by the ${site.name} team.` }] : []),
    { p: 'If this was not you or your team, revoke the key and contact us at once.' },
    { link: `${site.url}${routes.accountApi}`, label: 'Manage your keys' },
  ]);
}
