/**
 * A client page as a PDF (jspdf, A4 portrait), the same content as the page: the trader's
 * logo and company name, the title, then one block per stone with its first photograph (when
 * it is a PNG or JPEG: the shape drawings are SVG, which jspdf cannot place), its grades, and
 * the client price. Built from the page's own answer, which holds no trade figure, so none can
 * reach the file.
 */
import { jsPDF } from 'jspdf';
import {
  clientPriceText,
  gradeRows,
  stoneHeading,
  type ClientStone,
  type PublicClientPage,
} from '../../domain/client-pages/view.ts';

/** An image ready for jspdf: a data URL and its format and size in pixels. */
export type PdfImage = { dataUrl: string; format: 'PNG' | 'JPEG'; width: number; height: number };

const M = 16;
const INK = [13, 13, 13] as const;
const MUTED = [111, 108, 103] as const;
const ACCENT = [176, 141, 87] as const;
const BLOCK_H = 46;
const PHOTO = 34;

/** The standard fonts encode WinAnsi: the euro sign is its 128, not U+20AC. */
const ansi = (s: string) => s.replace(/€/g, String.fromCharCode(128));

function fit(img: PdfImage, maxW: number, maxH: number) {
  const scale = Math.min(maxW / img.width, maxH / img.height);
  return { w: img.width * scale, h: img.height * scale };
}

function stoneBlock(pdf: jsPDF, s: ClientStone, y: number, width: number, photo?: PdfImage) {
  const textX = photo ? M + PHOTO + 6 : M;
  if (photo) {
    const { w, h } = fit(photo, PHOTO, PHOTO);
    pdf.addImage(photo.dataUrl, photo.format, M, y, w, h);
  }
  pdf
    .setFont('times', 'normal')
    .setFontSize(15)
    .setTextColor(...INK);
  pdf.text(ansi(stoneHeading(s)), textX, y + 5);
  pdf.setFont('helvetica', 'bold').setFontSize(11);
  pdf.text(ansi(clientPriceText(s)), width - M, y + 5, { align: 'right' });
  pdf.setFont('helvetica', 'normal').setFontSize(8.5);
  const rows = gradeRows(s);
  const colW = (width - M - textX) / 2;
  rows.forEach(([label, value], i) => {
    const x = textX + (i % 2) * colW;
    const ry = y + 12 + Math.floor(i / 2) * 5;
    pdf.setTextColor(...MUTED).text(ansi(label), x, ry);
    pdf.setTextColor(...INK).text(ansi(value), x + 28, ry);
  });
  pdf.setDrawColor(227, 223, 216).line(M, y + BLOCK_H - 3, width - M, y + BLOCK_H - 3);
}

export function buildClientPdf(page: PublicClientPage, logo?: PdfImage, photos: (PdfImage | undefined)[] = []): jsPDF {
  const pdf = new jsPDF({ unit: 'mm', format: 'a4' });
  const width = pdf.internal.pageSize.getWidth();
  const height = pdf.internal.pageSize.getHeight();
  let y = M;
  if (logo) {
    const { w, h } = fit(logo, 50, 18);
    pdf.addImage(logo.dataUrl, logo.format, M, y, w, h);
    y += h + 4;
  }
  pdf
    .setFont('helvetica', 'normal')
    .setFontSize(9)
    .setTextColor(...ACCENT);
  pdf.text(ansi(page.companyName.toUpperCase()), M, y + 3, { charSpace: 0.6 });
  pdf
    .setFont('times', 'normal')
    .setFontSize(24)
    .setTextColor(...INK);
  const title = pdf.splitTextToSize(ansi(page.title), width - 2 * M) as string[];
  pdf.text(title, M, y + 13);
  y += 13 + title.length * 9;
  pdf
    .setFont('helvetica', 'normal')
    .setFontSize(9)
    .setTextColor(...MUTED);
  const count = page.stones.length;
  pdf.text(`${count} ${count === 1 ? 'stone' : 'stones'} · Prices in ${page.currency}`, M, y);
  y += 8;
  page.stones.forEach((s, i) => {
    if (y + BLOCK_H > height - M) {
      pdf.addPage();
      y = M;
    }
    stoneBlock(pdf, s, y, width, photos[i]);
    y += BLOCK_H;
  });
  return pdf;
}
