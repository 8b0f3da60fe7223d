/**
 * "Download PDF" of a client page: fetches the logo and the stones' first photographs (PNG or
 * JPEG only), builds the file with build-client-pdf.ts (loaded on demand, like the stock
 * list's PDF) and hands it to the browser.
 */
import type { PublicClientPage } from '../../domain/client-pages/view.ts';
import { saveBlob } from '../downloads/build.ts';
import type { PdfImage } from './build-client-pdf.ts';

async function pdfImage(url: string | null | undefined): Promise<PdfImage | undefined> {
  if (!url || !/\.(png|jpe?g)(\?|$)/i.test(url)) return undefined;
  try {
    const blob = await (await fetch(url)).blob();
    const dataUrl = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsDataURL(blob);
    });
    const bitmap = await createImageBitmap(blob);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return { dataUrl, format: blob.type === 'image/png' ? 'PNG' : 'JPEG', ...size };
  } catch {
    return undefined;
  }
}

export const clientPdfName = (page: PublicClientPage) =>
  `${page.title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'selection'}.pdf`;

export async function downloadClientPdf(page: PublicClientPage): Promise<void> {
  const [{ buildClientPdf }, logo, ...photos] = await Promise.all([
    import('./build-client-pdf.ts'),
    pdfImage(page.logoUrl),
    ...page.stones.map((s) => pdfImage(s.images[0])),
  ]);
  const pdf = buildClientPdf(page, logo, photos);
  saveBlob(pdf.output('blob'), clientPdfName(page));
}
