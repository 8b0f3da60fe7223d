/**
 * The e-mails of a request's lifecycle, plain text and HTML (values escaped): to the buyer at
 * each step they can see, to staff when the buyer cancels, answers an alternative or writes.
 */
import type { User } from '../../../db/tables.ts';
import { statusLabel } from '../../../src/domain/status-label.ts';
import { escapeHtml, type Site } from '../accounts/email-templates.ts';
import type { MailMessage } from '../platform/mailer.ts';

function mail(site: Site, to: string, subject: string, paragraphs: string[], link: string): MailMessage {
  const text = [...paragraphs, '', link, '', site.name].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
    `<p>${escapeHtml(site.name)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

const accountLink = (site: Site, id: number) => `${site.url.replace(/\/$/, '')}/my-account/?tab=requests#request-${id}`;
const adminLink = (site: Site, id: number) => `${site.url.replace(/\/$/, '')}/admin/?section=requests#request-${id}`;
const hello = (u: User) => (u.firstName ? `Dear ${u.firstName},` : 'Hello,');

/** To the buyer: the request moved (by staff), a line was answered, or staff wrote. */
export function buyerStepMail(site: Site, buyer: User, requestId: number, what: string): MailMessage {
  return mail(
    site,
    buyer.email,
    `Your ${site.name} request #${requestId}: ${what}`,
    [hello(buyer), what],
    accountLink(site, requestId),
  );
}

export function stateSentence(to: string, carrierRef: string | null): string {
  if (to === 'shipped') return `Your request has been shipped (carrier reference ${carrierRef ?? ''}).`;
  if (to === 'confirmed') return 'Your request is confirmed. The confirmation is in your account, ready to download.';
  return `Your request is now ${statusLabel(to).toLowerCase()}.`;
}

/** To staff: what the buyer did on a request (one line, the staff mail style). */
export function staffStepMail(site: Site, staff: string, buyer: User, requestId: number, what: string): MailMessage {
  const who = `${buyer.firstName} ${buyer.lastName}`.trim();
  return mail(
    site,
    staff,
    `Request #${requestId} from ${buyer.companyName || who}: ${what.split('\n')[0]!.slice(0, 80)}`,
    [`${who} (${buyer.companyName}, ${buyer.email}) on request #${requestId}:`, what],
    adminLink(site, requestId),
  );
}
