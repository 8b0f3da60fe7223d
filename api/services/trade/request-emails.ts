/**
 * The e-mails of a bag request: a summary for the staff (STAFF_EMAIL) and a copy for the
 * customer, each in plain text and HTML with the priced items (stock code, description with a
 * parcel's quantity, a single stone having none: it is bought whole; price per carat, price;
 * N/A for a parcel priced by items), the total, the
 * alternatives choices and the order notes. Every value put into HTML is escaped.
 */
import type { RequestLine, User } from '../../../db/tables.ts';
import { lineQuantity } from '../../../src/domain/bag/lines.ts';
import { formatPriceOrNA } from '../../../src/domain/bag/pricing.ts';
import { escapeHtml, type Site } from '../accounts/email-templates.ts';
import type { MailMessage } from '../platform/mailer.ts';
import type { BagRequestView } from './bag-requests.ts';

const money = (cents: number | null, ccy: string) => formatPriceOrNA(cents == null ? null : cents / 100, ccy);
const yesNo = (b: boolean) => (b ? 'Yes' : 'No');

type Row = [string, string, string, string, string];
const HEAD: Row = ['Stock', 'Description', 'Price per carat', 'Price', 'Alternatives'];

function rows(lines: RequestLine[], ccy: string): Row[] {
  return lines.map((l) => [
    l.stockCode,
    [`${l.type === 'parcel' ? 'Parcel' : 'Single'}${l.description ? `: ${l.description}` : ''}`, lineQuantity(l)]
      .filter(Boolean)
      .join(' · '),
    money(l.ppcCents, ccy),
    money(l.itemPriceCents, ccy),
    yesNo(l.acceptsAlternatives),
  ]);
}

function htmlTable(body: Row[]): string {
  const cell = (tag: string, s: string) =>
    `<${tag} style="border:1px solid #ddd;padding:6px 8px;text-align:left">${escapeHtml(s)}</${tag}>`;
  return [
    '<table style="border-collapse:collapse;font-size:14px">',
    `<thead><tr>${HEAD.map((h) => cell('th', h)).join('')}</tr></thead>`,
    `<tbody>${body.map((r) => `<tr>${r.map((c) => cell('td', c)).join('')}</tr>`).join('')}</tbody>`,
    '</table>',
  ].join('');
}

function compose(
  site: Site,
  to: string,
  subject: string,
  intro: string[],
  req: BagRequestView,
  lines: RequestLine[],
): MailMessage {
  const body = rows(lines, req.ccy);
  const total = money(req.totalPrice == null ? null : Math.round(req.totalPrice * 100), req.ccy);
  const facts: [string, string][] = [
    ['Request', `#${req._id}`],
    ['Currency', `${req.ccy} (rate ${req.ExRate})`],
    ['Total', total],
    ['Alternatives to all items', yesNo(req.acceptsAnyAlternatives)],
  ];
  const notes = req.orderNotes.trim() || '(none)';
  const text = [
    ...intro,
    '',
    ...facts.map(([k, val]) => `${k}: ${val}`),
    '',
    'Items:',
    ...body.map((r) => `- ${r[0]} | ${r[1]} | ppc ${r[2]} | ${r[3]} | alternatives: ${r[4]}`),
    '',
    'Order notes:',
    notes,
    '',
    site.name,
    site.url,
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#111;line-height:1.5">',
    ...intro.map((p) => `<p>${escapeHtml(p)}</p>`),
    `<p>${facts.map(([k, val]) => `<strong>${escapeHtml(k)}:</strong> ${escapeHtml(val)}`).join('<br>')}</p>`,
    htmlTable(body),
    `<p><strong>Order notes:</strong><br>${escapeHtml(notes).replace(/\n/g, '<br>')}</p>`,
    `<p>${escapeHtml(site.name)}<br><a href="${escapeHtml(site.url)}">${escapeHtml(site.url)}</a></p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject, text, html };
}

export function staffRequestEmail(
  site: Site,
  staff: string,
  customer: User,
  req: BagRequestView,
  lines: RequestLine[],
): MailMessage {
  const who = `${customer.firstName} ${customer.lastName}`.trim();
  return compose(
    site,
    staff,
    `New bag request #${req._id} from ${customer.companyName || who}`,
    [
      `${who} (${customer.companyName}, ${customer.email}, ${customer.phone}) sent a request for ${lines.length} item${lines.length === 1 ? '' : 's'}.`,
      'Prices were recomputed by the server when the request was received.',
    ],
    req,
    lines,
  );
}

export function customerRequestCopy(
  site: Site,
  customer: User,
  req: BagRequestView,
  lines: RequestLine[],
): MailMessage {
  return compose(
    site,
    customer.email,
    `Your ${site.name} request #${req._id}`,
    [
      customer.firstName ? `Dear ${customer.firstName},` : 'Hello,',
      `Thank you for your request. Our team will be in touch shortly. Here is a copy of what you sent.`,
    ],
    req,
    lines,
  );
}
