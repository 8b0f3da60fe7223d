/**
 * Reading a stock file into a table of strings: CSV (comma, semicolon or tab separated,
 * RFC 4180 quotes, UTF-8 with or without a BOM; parsed by csv-parse) or Excel .xlsx (the first worksheet, via
 * exceljs). Anything unreadable throws a 400 invalid_file with the reason.
 */
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { HttpError } from '../../middleware/errors.ts';

export type Table = { headers: string[]; rows: string[][] };

export const invalidFile = (reason: string) => new HttpError(400, 'invalid_file', { reason });

function sniffDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![0];
}

export function parseCsv(text: string): Table {
  if (text.includes('\u0000')) throw invalidFile('The file is not a text (CSV) file');
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstBreak = body.search(/\r?\n/);
  let out: string[][];
  try {
    out = parse(body, {
      delimiter: sniffDelimiter(firstBreak < 0 ? body : body.slice(0, firstBreak)),
      relax_column_count: true,
      skip_empty_lines: true,
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'CSV_QUOTE_NOT_CLOSED') throw invalidFile('A quoted value is never closed');
    throw invalidFile(`The CSV cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const nonEmpty = out.filter((r) => r.some((c) => c.trim() !== ''));
  const [headers, ...rows] = nonEmpty;
  if (!headers) throw invalidFile('The file is empty');
  return { headers: headers.map((h) => h.trim()), rows };
}

const cellText = (v: ExcelJS.CellValue): string => {
  if (v == null) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
    if ('text' in v) return String(v.text);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
};

export async function parseXlsx(data: Uint8Array): Promise<Table> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw invalidFile('The file is not a readable Excel (.xlsx) workbook');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw invalidFile('The workbook has no worksheet');
  const all: string[][] = [];
  ws.eachRow({ includeEmpty: false }, (r) => {
    const values = r.values as ExcelJS.CellValue[]; // 1-based
    const row: string[] = [];
    for (let c = 1; c < values.length; c++) row.push(cellText(values[c]).trim());
    all.push(row);
  });
  const [headers, ...rows] = all.filter((r) => r.some((c) => c !== ''));
  if (!headers) throw invalidFile('The worksheet is empty');
  return { headers, rows };
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** CSV or XLSX by name and content (an .xlsx is a zip). */
export async function parseStockFile(name: string, data: Uint8Array): Promise<Table> {
  const isZip = ZIP_MAGIC.every((b, i) => data[i] === b);
  const lower = name.toLowerCase();
  if (lower.endsWith('.xls') && !isZip) throw invalidFile('Old .xls workbooks are not read: save it as .xlsx or .csv');
  if (isZip || lower.endsWith('.xlsx')) return parseXlsx(data);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    throw invalidFile('The file is neither UTF-8 text (CSV) nor an Excel workbook');
  }
  return parseCsv(text);
}
