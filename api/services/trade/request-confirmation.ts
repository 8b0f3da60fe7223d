/**
 * The PDF confirmation of a confirmed request (jspdf, A4 portrait): a memo (goods on approval)
 * or a pro-forma invoice, with the wholesaler's details, the buyer's company, the lines the
 * buyer gets (an accepted alternative in place of its stone), the currency, the total and the
 * terms text. The texts are the request terms settings (./request-terms.ts: Admin → Settings →
 * Requests), with plain defaults when unset.
 */
import { jsPDF } from 'jspdf';
import { formatPriceOrNA } from '../../../src/domain/bag/pricing.ts';
import { hasConfirmation } from '../../../src/domain/trade/request-lifecycle.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { requestDetail } from './request-records.ts';
import { requestTermsOf } from './request-terms.ts';

export async function confirmationPdf(
  deps: Deps,
  id: number,
  userId: number,
): Promise<{ name: string; bytes: ArrayBuffer }> {
  const r = await requestDetail(deps.db, id, { role: 'buyer', userId });
  if (!hasConfirmation(r.status))
    throw new HttpError(409, 'not_confirmed', { message: 'The confirmation exists once the request is confirmed.' });
  const texts = await requestTermsOf(deps);
  const title = r.terms === 'memo' ? 'Memo' : 'Pro-forma invoice';
  const doc = new jsPDF({ unit: 'mm', format: 'a4' });
  let y = 20;
  const line = (text: string, size = 10, bold = false) => {
    doc.setFont('helvetica', bold ? 'bold' : 'normal').setFontSize(size);
    for (const part of doc.splitTextToSize(text, 180) as string[]) {
      if (y > 280) {
        doc.addPage();
        y = 20;
      }
      doc.text(part, 15, y);
      y += size * 0.5;
    }
    y += 1.5;
  };
  line(`${title} · Request #${r._id}`, 18, true);
  line(texts.wholesaler);
  line(`Buyer: ${r.customer?.companyName ?? ''} (${r.customer?.name ?? ''})`);
  line(`Date: ${new Date(deps.clock.now()).toISOString().slice(0, 10)} · Currency: ${r.ccy}`);
  y += 4;
  line('Items', 12, true);
  for (const l of r.lines) {
    if (l.answer === 'unavailable' || (l.answer === 'alternative' && l.alternative?.reply !== 'accepted')) continue;
    const [code, desc] =
      l.answer === 'alternative' && l.alternative
        ? [l.alternative.stockCode, l.alternative.description]
        : [l.stockCode, l.description];
    line(`${code}  ${desc}  ${formatPriceOrNA(l.amount, r.ccy)}`);
  }
  y += 2;
  line(`Total: ${formatPriceOrNA(r.currentTotal, r.ccy)} (${r.ccy})`, 12, true);
  y += 4;
  line('Terms', 12, true);
  line(texts[r.terms]);
  return { name: `${r.terms === 'memo' ? 'memo' : 'pro-forma'}-${r._id}.pdf`, bytes: doc.output('arraybuffer') };
}
