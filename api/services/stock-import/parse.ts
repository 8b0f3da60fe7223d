/**
 * Reading a stock file into a table of strings: CSV (comma, semicolon or tab separated,
 * RFC 4180 quotes, UTF-8 with or without a BOM) or Excel .xlsx (the first worksheet, via
 * exceljs). Anything unreadable throws a 400 invalid_file with the reason.
 */
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
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\u0000')) throw invalidFile('The file is not a text (CSV) file');
  const firstBreak = text.search(/\r?\n/);
  const delim = sniffDelimiter(firstBreak < 0 ? text : text.slice(0, firstBreak));
  const out: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  const n = text.length;
  while (i < n) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field === '') {
      quoted = true;
      i++;
    } else if (ch === delim) {
      row.push(field);
      field = '';
      i++;
    } else if (ch === '\n' || ch === '\r') {
      row.push(field);
      out.push(row);
      row = [];
      field = '';
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) throw invalidFile('A quoted value is never closed');
  if (field !== '' || row.length) {
    row.push(field);
    out.push(row);
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
