/**
 * The PDF stock list (jspdf), built in the browser (and in Node by the unit tests and the
 * bench): A4 landscape, a header on every page (brand, title, subtitle with count, date and
 * currency), the table with the spec's columns at their width percentages, a header row
 * repeated on every page, and 'Page n / total' at the foot.
 *
 * Speed (bench/downloads.ts, 5,000 stones): jspdf-autotable measured, styled and wrapped
 * every one of the 70,000 cells through jspdf's text() pipeline and took several seconds.
 * The table is plain here: one line per stone at a fixed row height, so the rows are written
 * as raw PDF text operators (one BT/ET block per row, one font switch per page, the two
 * fonts' glyph widths cached for right-aligned figures). Headers and page numbers still go
 * through jspdf's text(). Cells never wrap: the column widths fit the longest values of the
 * spec's columns (a rare longer value is cut with '…' rather than run into the next column).
 */
import { jsPDF } from 'jspdf';
import type { Column, ExcelCell } from '../../domain/downloads/columns.ts';

export type TableDoc = {
  brand: string;
  title: string;
  /** e.g. '120 stones · Downloaded Nov 22, 2026 · Prices in GBP' */
  subtitle: string;
  columns: readonly Column[];
  rows: string[][];
  /** Excel only: the cells with figures as numbers, and each column's number format */
  excel?: { cells: ExcelCell[][]; formats: (string | undefined)[] };
};

type Rgb = readonly [number, number, number];
const MARGIN = 10;
const HEAD_H = 20; // brand, title and rule above the table
const FOOT_H = 8;
const FONT_SIZE = 7.5;
const HEAD_ROW_H = 6.2;
const ROW_H = 4.6;
const PAD = 1.4;
/** right padding of figures, so a right-aligned figure keeps clear of the next column's text */
const NUM_PAD = 3.2;
const INK: Rgb = [13, 13, 13];
const ACCENT: Rgb = [176, 141, 87];
const MUTED: Rgb = [111, 108, 103];
const STRIPE: Rgb = [247, 245, 241];
const WHITE: Rgb = [255, 255, 255];

/** WinAnsi code points of the few characters above 255 the standard fonts can show. */
const WIN_ANSI: Record<number, number> = {
  8364: 128,
  8211: 150,
  8212: 151,
  8216: 145,
  8217: 146,
  8220: 147,
  8221: 148,
  8226: 149,
  8230: 133,
};

/** A PDF literal string for a standard (WinAnsi) font: escaped, unsupported characters as '?'. */
export function pdfLiteral(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 40 || c === 41 || c === 92) out += `\\${s[i]}`;
    else if (c < 256) out += s[i];
    else out += WIN_ANSI[c] != null ? String.fromCharCode(WIN_ANSI[c]) : '?';
  }
  return `(${out})`;
}

const n = (x: number) => (Math.round(x * 1000) / 1000).toString();
const rgb = (c: Rgb) => `${n(c[0] / 255)} ${n(c[1] / 255)} ${n(c[2] / 255)}`;

/** Text widths in mm at FONT_SIZE, from the font's glyph widths, cached per character. */
function widthMeter(pdf: jsPDF) {
  const cache = new Map<string, number>();
  const perUnit = FONT_SIZE / pdf.internal.scaleFactor;
  return (s: string) => {
    let w = 0;
    for (const ch of s) {
      let cw = cache.get(ch);
      if (cw === undefined) cache.set(ch, (cw = pdf.getStringUnitWidth(ch) * perUnit));
      w += cw;
    }
    return w;
  };
}

/** Cuts `s` with '…' to fit `max` mm. */
function fit(s: string, max: number, width: (s: string) => number): string {
  if (width(s) <= max) return s;
  let t = s;
  while (t.length > 1 && width(`${t}…`) > max) t = t.slice(0, -1);
  return `${t}…`;
}

export function buildPdf(t: TableDoc): jsPDF {
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4', compress: false });
  /** jspdf's internal API used for raw content (present in jspdf 2 and 3, not in its typings) */
  const internal = pdf.internal as typeof pdf.internal & { write: (s: string) => void; getFont: () => { id: string } };
  const k = pdf.internal.scaleFactor;
  const width = pdf.internal.pageSize.getWidth();
  const height = pdf.internal.pageSize.getHeight();
  const printable = width - 2 * MARGIN;
  const totalPct = t.columns.reduce((s, c) => s + c.pdfWidth, 0) || 1;
  const colW = t.columns.map((c) => (printable * c.pdfWidth) / totalPct);
  const colX = colW.map((_, i) => MARGIN + colW.slice(0, i).reduce((a, b) => a + b, 0));
  const right = t.columns.map((c) => c.numeric === true);
  const tableTop = MARGIN + HEAD_H;
  const perPage = Math.max(1, Math.floor((height - MARGIN - FOOT_H - tableTop - HEAD_ROW_H) / ROW_H));
  const pages = Math.max(1, Math.ceil(t.rows.length / perPage));

  pdf.setFont('helvetica', 'bold');
  const bold = internal.getFont().id;
  const boldWidth = widthMeter(pdf);
  pdf.setFont('helvetica', 'normal');
  const normal = internal.getFont().id;
  const normalWidth = widthMeter(pdf);
  const write = (s: string) => internal.write(s);
  const X = (mm: number) => n(mm * k);
  const Y = (mm: number) => n((height - mm) * k);

  /** One line of cells at baseline y: a BT block with one Td per cell. */
  const line = (cells: readonly string[], y: number, font: string, color: Rgb, measure: (s: string) => number) => {
    const ops = [`BT /${font} ${FONT_SIZE} Tf ${rgb(color)} rg`];
    let px = 0;
    let py = 0;
    for (let i = 0; i < cells.length; i++) {
      const w = colW[i]! - PAD - (right[i] ? NUM_PAD : PAD);
      let s = cells[i] ?? '';
      const sw = measure(s);
      if (sw > w) s = fit(s, w, measure);
      const x = right[i] ? colX[i]! + colW[i]! - NUM_PAD - Math.min(sw, w) : colX[i]! + PAD;
      const ax = x * k;
      const ay = (height - y) * k;
      ops.push(`${n(ax - px)} ${n(ay - py)} Td ${pdfLiteral(s)} Tj`);
      px = ax;
      py = ay;
    }
    ops.push('ET');
    write(ops.join('\n'));
  };

  const pageHeader = () => {
    pdf.setFont('helvetica', 'normal');
    pdf.setFontSize(8);
    pdf.setTextColor(...ACCENT);
    pdf.text(t.brand.toUpperCase(), MARGIN, MARGIN + 4, { charSpace: 0.3 });
    pdf.setFont('times', 'normal');
    pdf.setFontSize(18);
    pdf.setTextColor(...INK);
    pdf.text(t.title, MARGIN, MARGIN + 12);
    pdf.setFont('helvetica', 'normal');
    pdf.setFontSize(8);
    pdf.setTextColor(...MUTED);
    pdf.text(t.subtitle, width - MARGIN, MARGIN + 12, { align: 'right' });
    pdf.setDrawColor(...ACCENT);
    pdf.setLineWidth(0.4);
    pdf.line(MARGIN, MARGIN + 15, width - MARGIN, MARGIN + 15);
  };

  for (let p = 0; p < pages; p++) {
    if (p > 0) pdf.addPage();
    pageHeader();
    const rows = t.rows.slice(p * perPage, (p + 1) * perPage);
    const ops = [
      'q',
      `${rgb(INK)} rg`,
      `${X(MARGIN)} ${Y(tableTop + HEAD_ROW_H)} ${X(printable)} ${n(HEAD_ROW_H * k)} re f`,
    ];
    ops.push(`${rgb(STRIPE)} rg`);
    for (let r = 1; r < rows.length; r += 2) {
      const top = tableTop + HEAD_ROW_H + r * ROW_H;
      ops.push(`${X(MARGIN)} ${Y(top + ROW_H)} ${X(printable)} ${n(ROW_H * k)} re f`);
    }
    const bottom = tableTop + HEAD_ROW_H + rows.length * ROW_H;
    ops.push(`${rgb(ACCENT)} RG ${n(0.2 * k)} w ${X(MARGIN)} ${Y(bottom)} m ${X(width - MARGIN)} ${Y(bottom)} l S`);
    write(ops.join('\n'));
    line(
      t.columns.map((c) => c.header),
      tableTop + HEAD_ROW_H / 2 + FONT_SIZE * 0.35 * 0.3528,
      bold,
      WHITE,
      boldWidth,
    );
    const base = tableTop + HEAD_ROW_H + ROW_H / 2 + FONT_SIZE * 0.35 * 0.3528;
    for (let r = 0; r < rows.length; r++) line(rows[r]!, base + r * ROW_H, normal, INK, normalWidth);
    write('Q');
    if (rows.length === 0) {
      pdf.setFont('helvetica', 'normal');
      pdf.setFontSize(FONT_SIZE);
      pdf.setTextColor(...MUTED);
      pdf.text('No stones in this list', MARGIN + PAD, base);
    }
  }

  for (let i = 1; i <= pages; i++) {
    pdf.setPage(i);
    pdf.setFont('helvetica', 'normal');
    pdf.setFontSize(8);
    pdf.setTextColor(...MUTED);
    pdf.text(`Page ${i} / ${pages}`, width - MARGIN, height - MARGIN + 2, { align: 'right' });
    pdf.text(`${t.brand} · ${t.title}`, MARGIN, height - MARGIN + 2);
  }
  return pdf;
}
