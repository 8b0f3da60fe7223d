/**
 * The PDF confirmation of a confirmed request: a memo (goods on approval) or a pro-forma
 * invoice, laid out by ./trade-document.ts. What it prints:
 *   - the wholesaler: the site's name, and either the details staff wrote (Admin → Settings →
 *     Requests, ./request-terms.ts) or the site settings' office address, phone, e-mail and
 *     tax number (`tax_number`);
 *   - the buyer's company and address from their account;
 *   - one row for each stone the buyer gets (an accepted alternative in place of its stone),
 *     with its grading from the stock: shape, carat, colour, clarity, lab and certificate;
 *   - the subtotal, a tax line when the site settings give `tax_rate` (a percentage), the total;
 *   - the memo or invoice terms, and on a memo the "received on memo by" signature block.
 */
import { eq, inArray } from 'drizzle-orm';
import { first } from '../../../db/client.ts';
import { diamonds, users, type Diamond, type User } from '../../../db/tables.ts';
import { formatPriceOrNA } from '../../../src/domain/bag/pricing.ts';
import { roundTo } from '../../../src/domain/money.ts';
import { hasConfirmation, lineKept } from '../../../src/domain/trade/request-lifecycle.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { configFields } from '../site/state.ts';
import { requestDetail, type RequestDetail } from './request-records.ts';
import { requestTermsOf } from './request-terms.ts';
import type { DocumentRow, TradeDocument } from './trade-document.ts';

type Line = RequestDetail['lines'][number];

const range = (from: string | null, to: string | null) =>
  from && to && from !== to ? `${from}-${to}` : (from ?? to ?? '');
const carats = (n: number) => `${roundTo(n, 2).toFixed(2)}`;

/** One row: the stone the buyer gets, graded as the stock has it. */
function rowOf(l: Line, stone: Diamond | undefined, ccy: string): DocumentRow {
  const alt = l.answer === 'alternative' && l.alternative ? l.alternative : null;
  const weight = l.type === 'parcel' && l.selectedUnit === 'weight' && !alt ? l.quantity : (stone?.weight ?? null);
  const perCarat = (alt ? null : l.ppc) ?? (l.amount != null && weight ? l.amount / weight : null);
  return {
    stockCode: alt ? alt.stockCode : l.stockCode,
    shape: stone?.shape ?? '',
    carat: weight != null ? carats(weight) : '',
    colour: stone ? range(stone.colourFrom, stone.colourTo) : '',
    clarity: stone ? range(stone.clarityFrom, stone.clarityTo) : '',
    certificate: stone ? [stone.certLab, stone.certNumber].filter(Boolean).join(' ') : '',
    perCarat: perCarat != null ? formatPriceOrNA(roundTo(perCarat, 2), ccy) : 'N/A',
    amount: formatPriceOrNA(l.amount, ccy),
  };
}

function buyerOf(r: RequestDetail, user: User | undefined): TradeDocument['buyer'] {
  if (!user) return { company: r.customer?.companyName ?? '', lines: [] };
  const town = [user.city, user.county, user.postcode].filter(Boolean).join(', ');
  return {
    company: user.companyName,
    lines: [
      `${user.firstName} ${user.lastName}`.trim(),
      user.addressLine1,
      user.addressLine2,
      town,
      user.country,
    ].filter(Boolean),
  };
}

/** The wholesaler's lines at the letterhead's right: staff's own text, else the site settings. */
function sellerLines(wholesaler: string, saved: boolean, site: Record<string, string>): string[] {
  if (saved)
    return wholesaler
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean);
  const address = Object.keys(site)
    .filter((k) => k.startsWith('address_'))
    .sort()
    .map((k) => site[k]!)
    .filter(Boolean);
  return [
    ...address,
    site.phone ? `Tel. ${site.phone}` : '',
    site.contact_email ?? '',
    site.tax_number ? `VAT no. ${site.tax_number}` : '',
  ].filter(Boolean);
}

export async function confirmationPdf(
  deps: Deps,
  id: number,
  userId: number,
): Promise<{ name: string; bytes: ArrayBuffer }> {
  const r = await requestDetail(deps.db, id, { role: 'buyer', userId });
  if (!hasConfirmation(r.status))
    throw new HttpError(409, 'not_confirmed', { message: 'The confirmation exists once the request is confirmed.' });
  const [texts, site, user, savedTerms] = await Promise.all([
    requestTermsOf(deps),
    configFields(deps.db, 'site').then((f) => f ?? {}),
    first(deps.db.select().from(users).where(eq(users.id, userId))),
    configFields(deps.db, 'request_terms'),
  ]);
  const kept = r.lines.filter((l) => lineKept({ answer: l.answer, reply: l.alternative?.reply ?? null }));
  const ids = kept.map((l) => (l.answer === 'alternative' ? l.alternative?.diamondId : l.diamondId) ?? 0);
  const stones = ids.length ? await deps.db.select().from(diamonds).where(inArray(diamonds.id, ids)) : [];
  const byId = new Map(stones.map((s) => [s.id, s]));

  const rate = Number(site.tax_rate);
  const subtotal = r.currentTotal;
  const tax = subtotal != null && rate > 0 ? roundTo((subtotal * rate) / 100, 2) : null;
  const totals: [string, string][] = [['Subtotal', formatPriceOrNA(subtotal, r.ccy)]];
  if (tax != null) totals.push([`VAT ${rate}%`, formatPriceOrNA(tax, r.ccy)]);
  totals.push([`Total ${r.ccy}`, formatPriceOrNA(subtotal == null ? null : subtotal + (tax ?? 0), r.ccy)]);

  const memo = r.terms === 'memo';
  const number = `${memo ? 'M' : 'PF'}-${String(r._id).padStart(6, '0')}`;
  const doc: TradeDocument = {
    kind: memo ? 'memo' : 'invoice',
    number,
    date: new Date(deps.clock.now()).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' }),
    request: `#${r._id}`,
    currency: r.ccy,
    seller: {
      name: site.site_name || deps.config.PUBLIC_SITE_NAME,
      lines: sellerLines(texts.wholesaler, Boolean(savedTerms?.wholesaler), site),
    },
    buyer: buyerOf(r, user),
    rows: kept.map((l, i) => rowOf(l, byId.get(ids[i]!), r.ccy)),
    totals,
    terms: texts[r.terms],
  };
  // jspdf and the typefaces are loaded on the first document: a node that lays out none starts without them
  const { tradeDocumentPdf } = await import('./trade-document.ts');
  return { name: `${memo ? 'memo' : 'pro-forma'}-${r._id}.pdf`, bytes: tradeDocumentPdf(doc) };
}
