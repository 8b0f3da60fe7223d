/**
 * A memo or pro-forma invoice laid out as the trade sends them (jspdf, A4 portrait, in the
 * site's typefaces: ./pdf-fonts.ts): ivory paper, black ink and one gold accent.
 *
 *   letterhead     the diamond mark and the wholesaler's name; address, phone, e-mail, tax number
 *   title block    MEMORANDUM / PRO-FORMA INVOICE, its number, date, currency and request
 *   parties        the buyer's company and address (consignee on a memo), the terms in short
 *   table          stock code, shape, carat, colour, clarity, lab and certificate number,
 *                  price per carat, amount; its head repeated on every page
 *   totals         subtotal, the tax line when a rate is set, total
 *   terms          the memo clause or the payment terms; on a memo, "Received on memo by"
 *   every page     the document's number and "Page 1 of 3"
 */
import { jsPDF } from 'jspdf';
import { useSiteFonts } from './pdf-fonts.ts';

export type DocumentRow = {
  stockCode: string;
  shape: string;
  carat: string;
  colour: string;
  clarity: string;
  certificate: string;
  perCarat: string;
  amount: string;
};

export type TradeDocument = {
  kind: 'memo' | 'invoice';
  number: string;
  date: string;
  request: string;
  currency: string;
  seller: { name: string; lines: string[] };
  buyer: { company: string; lines: string[] };
  rows: DocumentRow[];
  totals: [string, string][];
  terms: string;
};

const INK: [number, number, number] = [20, 20, 20];
const SOFT: [number, number, number] = [105, 100, 92];
const GOLD: [number, number, number] = [138, 109, 47];
const IVORY: [number, number, number] = [250, 247, 240];
const RULE: [number, number, number] = [222, 214, 198];

const W = 210;
const H = 297;
const M = 18;
const RIGHT = W - M;
const FOOT = H - 14;
const BOTTOM = FOOT - 10;

type Column = { key: keyof DocumentRow; head: string; width: number; right?: boolean; pad?: number };
const COLUMNS: Column[] = [
  { key: 'stockCode', head: 'Stock code', width: 27 },
  { key: 'shape', head: 'Shape', width: 21 },
  { key: 'carat', head: 'Carat', width: 14, right: true },
  { key: 'colour', head: 'Colour', width: 17, pad: 4 },
  { key: 'clarity', head: 'Clarity', width: 15 },
  { key: 'certificate', head: 'Lab & certificate', width: 32 },
  { key: 'perCarat', head: 'Price / ct', width: 24, right: true },
  { key: 'amount', head: 'Amount', width: 24, right: true },
];

class Layout {
  readonly doc = new jsPDF({ unit: 'mm', format: 'a4' });
  y = M;
  readonly d: TradeDocument;
  constructor(d: TradeDocument) {
    this.d = d;
    useSiteFonts(this.doc);
    this.paper();
  }

  font(family: 'Cormorant' | 'Inter', size: number, bold = false, colour = INK) {
    this.doc
      .setFont(family, bold ? 'bold' : 'normal')
      .setFontSize(size)
      .setTextColor(...colour);
  }

  rule(y: number, colour = RULE, x1 = M, x2 = RIGHT, width = 0.2) {
    this.doc
      .setDrawColor(...colour)
      .setLineWidth(width)
      .line(x1, y, x2, y);
  }

  paper() {
    this.doc.setFillColor(...IVORY).rect(0, 0, W, H, 'F');
  }

  newPage() {
    this.doc.addPage();
    this.paper();
    this.y = M + 4;
  }

  /** Room for `h` mm more on this page, else a new page. */
  room(h: number): boolean {
    if (this.y + h <= BOTTOM) return false;
    this.newPage();
    return true;
  }

  /** The brand mark: a diamond in profile, in gold hairlines (src/components/DiamondMark.astro). */
  mark(x: number, y: number, s: number) {
    const p = (px: number, py: number): [number, number] => [x + (px * s) / 32, y + (py * s) / 32];
    const { doc } = this;
    doc.setDrawColor(...GOLD).setLineWidth(0.3);
    const outline: [number, number][] = [p(7, 1.5), p(25, 1.5), p(31, 10), p(16, 26.5), p(1, 10), p(7, 1.5)];
    for (let i = 1; i < outline.length; i++) doc.line(...outline[i - 1]!, ...outline[i]!);
    doc.line(...p(1, 10), ...p(31, 10));
    const crown = [p(7, 1.5), p(11.5, 10), p(16, 1.5), p(20.5, 10), p(25, 1.5)];
    for (let i = 1; i < crown.length; i++) doc.line(...crown[i - 1]!, ...crown[i]!);
    doc.line(...p(11.5, 10), ...p(16, 26.5));
    doc.line(...p(16, 26.5), ...p(20.5, 10));
  }

  letterhead() {
    const { doc, d } = this;
    this.mark(M, M - 2, 13);
    this.font('Cormorant', 24, true);
    doc.text(d.seller.name, M + 17, M + 7);
    this.font('Inter', 6.5, false, SOFT);
    doc.setCharSpace(0.6);
    doc.text('DIAMOND WHOLESALE · TRADE ONLY', M + 17.3, M + 11.5);
    doc.setCharSpace(0);
    this.font('Inter', 7.5, false, SOFT);
    let y = M - 1;
    for (const line of d.seller.lines) {
      doc.text(line, RIGHT, y, { align: 'right' });
      y += 3.6;
    }
    this.y = Math.max(M + 18, y + 2);
    this.rule(this.y, GOLD, M, RIGHT, 0.35);
    this.y += 11;
  }

  titleBlock() {
    const { doc, d } = this;
    this.font('Cormorant', 21, true);
    doc.setCharSpace(1.2);
    doc.text(d.kind === 'memo' ? 'MEMORANDUM' : 'PRO-FORMA INVOICE', M, this.y);
    doc.setCharSpace(0);
    const facts: [string, string][] = [
      [d.kind === 'memo' ? 'Memo no.' : 'Invoice no.', d.number],
      ['Date', d.date],
      ['Request', d.request],
      ['Currency', d.currency],
    ];
    let y = this.y - 5;
    for (const [k, v] of facts) {
      this.font('Inter', 7, false, SOFT);
      doc.text(k.toUpperCase(), RIGHT - 34, y, { align: 'right' });
      this.font('Inter', 8.5, true);
      doc.text(v, RIGHT, y, { align: 'right' });
      y += 4.4;
    }
    this.y = y + 4;
  }

  parties() {
    const { doc, d } = this;
    const top = this.y;
    this.font('Inter', 6.5, false, GOLD);
    doc.setCharSpace(0.6);
    doc.text(d.kind === 'memo' ? 'CONSIGNEE' : 'BILL TO', M, top);
    doc.text('TERMS', 118, top);
    doc.setCharSpace(0);
    this.font('Inter', 9.5, true);
    doc.text(d.buyer.company, M, top + 5);
    this.font('Inter', 8.5);
    let y = top + 9.5;
    for (const line of d.buyer.lines) {
      doc.text(line, M, y);
      y += 4;
    }
    this.font('Inter', 8.5);
    doc.text(d.kind === 'memo' ? 'Goods on memo (approval), not sold' : 'Payment before dispatch', 118, top + 5);
    this.y = Math.max(y, top + 14) + 6;
  }

  tableHead() {
    const { doc } = this;
    this.font('Inter', 6.5, true, SOFT);
    doc.setCharSpace(0.3);
    let x = M;
    for (const c of COLUMNS) {
      const head = c.head.toUpperCase();
      if (c.right) doc.text(head, x + c.width - 1, this.y, { align: 'right' });
      else doc.text(head, x + (c.pad ?? 1), this.y);
      x += c.width;
    }
    doc.setCharSpace(0);
    this.rule(this.y + 2.2, INK, M, RIGHT, 0.3);
    this.y += 7;
  }

  table() {
    const { doc, d } = this;
    this.tableHead();
    for (const row of d.rows) {
      if (this.room(7)) this.tableHead();
      this.font('Inter', 8.2);
      let x = M;
      for (const c of COLUMNS) {
        const text = doc.splitTextToSize(row[c.key] || '—', c.width - 2)[0] as string;
        if (c.key === 'stockCode') this.font('Inter', 8.2, true);
        if (c.right) doc.text(text, x + c.width - 1, this.y, { align: 'right' });
        else doc.text(text, x + (c.pad ?? 1), this.y);
        if (c.key === 'stockCode') this.font('Inter', 8.2);
        x += c.width;
      }
      this.rule(this.y + 2.6);
      this.y += 6.6;
    }
  }

  totals() {
    const { doc, d } = this;
    this.room(8 + d.totals.length * 6);
    this.y += 3;
    d.totals.forEach(([k, v], i) => {
      const last = i === d.totals.length - 1;
      if (last) {
        this.rule(this.y - 3.6, GOLD, 120, RIGHT, 0.35);
        this.y += 1.4;
      }
      this.font(last ? 'Cormorant' : 'Inter', last ? 13 : 8.5, last, last ? INK : SOFT);
      doc.text(k, 150, this.y, { align: 'right' });
      this.font('Inter', last ? 10 : 8.5, last);
      doc.text(v, RIGHT, this.y, { align: 'right' });
      this.y += last ? 7 : 5.5;
    });
    this.y += 6;
  }

  terms() {
    const { doc, d } = this;
    const lines = doc
      .setFont('Inter', 'normal')
      .setFontSize(8)
      .splitTextToSize(d.terms, RIGHT - M) as string[];
    this.room(10 + lines.length * 3.8);
    this.font('Inter', 6.5, false, GOLD);
    doc.setCharSpace(0.6);
    doc.text(d.kind === 'memo' ? 'MEMORANDUM TERMS' : 'PAYMENT TERMS', M, this.y);
    doc.setCharSpace(0);
    this.y += 4.5;
    this.font('Inter', 8, false, INK);
    for (const line of lines) {
      doc.text(line, M, this.y);
      this.y += 3.8;
    }
    this.y += 6;
  }

  signature() {
    const { doc } = this;
    this.room(34);
    this.font('Cormorant', 13, true);
    doc.text('Received on memo by', M, this.y);
    this.y += 14;
    const fields: [string, number, number][] = [
      ['Signature', M, 62],
      ['Name in capitals', 88, 56],
      ['Date', 152, RIGHT - 152],
    ];
    for (const [label, x, w] of fields) {
      this.rule(this.y, INK, x, x + w, 0.25);
      this.font('Inter', 6.5, false, SOFT);
      doc.text(label.toUpperCase(), x, this.y + 3.5);
    }
    this.y += 10;
    this.font('Inter', 7, false, SOFT);
    doc.text(
      'For and on behalf of the consignee. The goods remain the property of the consignor until paid for.',
      M,
      this.y,
    );
  }

  footers() {
    const { doc, d } = this;
    const pages = doc.getNumberOfPages();
    for (let i = 1; i <= pages; i++) {
      doc.setPage(i);
      this.rule(FOOT - 4, RULE);
      this.font('Inter', 7, false, SOFT);
      doc.text(`${d.seller.name} · ${d.kind === 'memo' ? 'Memo' : 'Pro-forma invoice'} ${d.number}`, M, FOOT);
      doc.text(`Page ${i} of ${pages}`, RIGHT, FOOT, { align: 'right' });
    }
  }
}

/** The document as PDF bytes. */
export function tradeDocumentPdf(d: TradeDocument): ArrayBuffer {
  const l = new Layout(d);
  l.letterhead();
  l.titleBlock();
  l.parties();
  l.table();
  l.totals();
  l.terms();
  if (d.kind === 'memo') l.signature();
  l.footers();
  return l.doc.output('arraybuffer');
}
