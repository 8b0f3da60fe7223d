/**
 * POST /message: a contact or API drawer message is filed in the staff inbox
 * (contact_messages, status 'new', linked to the signed-in user if any) and e-mailed to
 * STAFF_EMAIL with a Reply-To-friendly body. Every value put into HTML is escaped.
 */
import { contactMessages, type MESSAGE_KINDS, type User } from '../../../db/tables.ts';
import type { ContactMessage } from '../../../src/domain/validation/contact.ts';
import type { Deps } from '../../types.ts';
import { siteOf } from '../accounts/accounts.ts';
import { escapeHtml, type Site } from '../accounts/email-templates.ts';
import type { MailMessage } from '../platform/mailer.ts';

const KIND_LABEL = {
  contact: 'Contact message',
  api: 'API enquiry',
  request: 'Trade request message',
  chat: 'Message us',
} as const;

/** What the staff e-mail tells about a message of any kind. */
export type StaffNotice = Omit<ContactMessage, 'kind'> & { kind: (typeof MESSAGE_KINDS)[number] };

export function staffMessageEmail(site: Site, to: string, m: StaffNotice): MailMessage {
  const subject = `${KIND_LABEL[m.kind]} from ${m.name}${m.companyName ? ` (${m.companyName})` : ''}`;
  const facts: [string, string][] = [
    ['Name', m.name],
    ['Company', m.companyName],
    ['E-mail', m.email],
    ['Phone', m.phone],
    ['Sent from', m.pageTitle || '(unknown page)'],
  ];
  const text = [
    `${KIND_LABEL[m.kind]} received on ${site.name}:`,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    '',
    ...m.message.split('\n').map((l) => `> ${l}`),
    '',
    `${site.url}/admin`,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">',
    `<p>${escapeHtml(KIND_LABEL[m.kind])} received on ${escapeHtml(site.name)}:</p>`,
    `<p>${facts.map(([k, v]) => `<strong>${escapeHtml(k)}:</strong> ${escapeHtml(v)}`).join('<br>')}</p>`,
    `<blockquote style="border-left:3px solid #ccc;margin:0;padding-left:12px">${escapeHtml(m.message).replace(/\n/g, '<br>')}</blockquote>`,
    `<p><a href="${escapeHtml(site.url)}/admin">${escapeHtml(site.url)}/admin</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

/** Stores the message and e-mails the staff; answers the stored row's id. */
export async function sendContactMessage(deps: Deps, m: ContactMessage, user: User | null): Promise<{ id: number }> {
  const row = (
    await deps.db
      .insert(contactMessages)
      .values({
        kind: m.kind,
        name: m.name,
        email: m.email,
        phone: m.phone,
        companyName: m.companyName,
        message: m.message,
        pageTitle: m.pageTitle,
        userId: user?.id ?? null,
        createdAt: new Date(deps.clock.now()),
      })
      .returning({ id: contactMessages.id })
  )[0]!;
  await deps.mailer.send(staffMessageEmail(await siteOf(deps), deps.config.STAFF_EMAIL, m));
  return { id: row.id };
}
