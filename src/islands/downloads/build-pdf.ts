/**
 * The PDF stock list (jspdf + jspdf-autotable), built in the browser (and in Node by the
 * unit tests): A4 landscape, a header on every page (brand, title, date, currency), the
 * table with the spec's columns at their width percentages, and 'Page n / total' at the foot.
 */
import { jsPDF } from 'jspdf';
import { autoTable } from 'jspdf-autotable';
import type { Column } from '../../domain/downloads/columns.ts';

export type TableDoc = {
  brand: string;
  title: string;
  /** e.g. 'Downloaded Nov 22nd 2026 · Prices in GBP' */
  subtitle: string;
  columns: readonly Column[];
  rows: string[][];
};

const MARGIN = 10;
const HEAD_H = 22;
const INK: [number, number, number] = [13, 13, 13];
const ACCENT: [number, number, number] = [176, 141, 87];

export function buildPdf(t: TableDoc): jsPDF {
  const pdf = new jsPDF({ orientation: 'landscape', unit: 'mm', format: 'a4' });
  const width = pdf.internal.pageSize.getWidth();
  const height = pdf.internal.pageSize.getHeight();
  const printable = width - 2 * MARGIN;
  const totalPct = t.columns.reduce((s, c) => s + c.pdfWidth, 0) || 1;

  autoTable(pdf, {
    head: [t.columns.map((c) => c.header)],
    body: t.rows,
    startY: MARGIN + HEAD_H,
    margin: { top: MARGIN + HEAD_H, left: MARGIN, right: MARGIN, bottom: MARGIN + 6 },
    theme: 'plain',
    styles: { font: 'helvetica', fontSize: 7.5, cellPadding: 1.4, textColor: INK, overflow: 'linebreak' },
    headStyles: { fillColor: INK, textColor: [255, 255, 255], fontStyle: 'bold', fontSize: 7.5 },
    alternateRowStyles: { fillColor: [247, 245, 241] },
    columnStyles: Object.fromEntries(t.columns.map((c, i) => [i, { cellWidth: (printable * c.pdfWidth) / totalPct }])),
    didDrawPage: () => {
      pdf.setFont('helvetica', 'normal');
      pdf.setFontSize(8);
      pdf.setTextColor(...ACCENT);
      pdf.text(t.brand.toUpperCase(), MARGIN, MARGIN + 4);
      pdf.setFont('times', 'normal');
      pdf.setFontSize(18);
      pdf.setTextColor(...INK);
      pdf.text(t.title, MARGIN, MARGIN + 12);
      pdf.setFont('helvetica', 'normal');
      pdf.setFontSize(8);
      pdf.setTextColor(111, 108, 103);
      pdf.text(t.subtitle, width - MARGIN, MARGIN + 12, { align: 'right' });
      pdf.setDrawColor(...ACCENT);
      pdf.setLineWidth(0.4);
      pdf.line(MARGIN, MARGIN + 15, width - MARGIN, MARGIN + 15);
    },
  });

  const pages = pdf.getNumberOfPages();
  for (let i = 1; i <= pages; i++) {
    pdf.setPage(i);
    pdf.setFont('helvetica', 'normal');
    pdf.setFontSize(8);
    pdf.setTextColor(111, 108, 103);
    pdf.text(`Page ${i} / ${pages}`, width - MARGIN, height - MARGIN + 2, { align: 'right' });
    pdf.text(`${t.brand} · ${t.title}`, MARGIN, height - MARGIN + 2);
  }
  return pdf;
}
