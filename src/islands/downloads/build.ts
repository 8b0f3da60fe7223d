/**
 * One download from start to file: the stones of the chosen type, their columns and cell
 * texts (src/domain/downloads), then the PDF or Excel builder, loaded only when asked for
 * (the libraries are large). Returns the file as a Blob with its name.
 */
import type { Availability, ListDoc } from '../../domain/diamond.ts';
import {
  columnsFor,
  PARCEL_COLUMNS,
  downloadFileName,
  DOWNLOAD_TITLES,
  excelColumns,
  excelFormats,
  excelRowsOf,
  pdfColumns,
  rowsOf,
  selectDocs,
  type DownloadFormat,
  type DownloadSource,
  type DownloadType,
  type Pricing,
} from '../../domain/downloads/index.ts';
import dayjs from 'dayjs';
import type { TableDoc } from './build-pdf.ts';

export type DownloadRequest = {
  type: DownloadType;
  format: DownloadFormat;
  source: DownloadSource<ListDoc>;
  brand: string;
  pricing: Pricing;
  availability: Record<Availability, string>;
  date?: Date;
};

export function tableFor(req: DownloadRequest): TableDoc {
  const docs = selectDocs(req.type, req.source);
  const all = columnsFor(docs, req.type === 'parcels');
  const columns = req.format === 'pdf' ? pdfColumns(all) : excelColumns(all);
  const date = req.date ?? new Date();
  const prices = req.pricing ? `Prices in ${req.pricing.ccy}` : 'Sign in for prices';
  const ctx = { pricing: req.pricing, availability: req.availability };
  return {
    brand: req.brand,
    title: DOWNLOAD_TITLES[req.type],
    subtitle: `${docs.length.toLocaleString('en-GB')} ${all === PARCEL_COLUMNS ? 'parcels' : 'stones'} · Downloaded ${dayjs(date).format('MMM D, YYYY')} · ${prices}`,
    columns,
    rows: req.format === 'pdf' ? rowsOf(docs, columns, ctx) : [],
    ...(req.format === 'excel'
      ? { excel: { cells: excelRowsOf(docs, columns, ctx), formats: excelFormats(columns, ctx) } }
      : {}),
  };
}

export async function buildDownload(req: DownloadRequest): Promise<{ blob: Blob; fileName: string; rows: number }> {
  const table = tableFor(req);
  const fileName = downloadFileName(req.brand, req.type, req.format, req.date ?? new Date());
  if (req.format === 'pdf') {
    const { buildPdf } = await import('./build-pdf.ts');
    return { blob: buildPdf(table).output('blob'), fileName, rows: table.rows.length };
  }
  const { buildXlsx } = await import('./build-xlsx.ts');
  const data = await buildXlsx(table);
  const blob = new Blob([data], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  return { blob, fileName, rows: table.excel?.cells.length ?? 0 };
}

/** Hands a blob to the browser as a download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
