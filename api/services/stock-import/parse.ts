/**
 * Reading a stock file: CSV (comma, semicolon or tab separated, RFC 4180 quotes, UTF-8 with or
 * without a BOM; parsed by csv-parse) or Excel .xlsx (the first worksheet, via exceljs).
 * Anything unreadable throws a 400 invalid_file with the reason.
 *
 * A file is read row by row (`StockFile.open`: the header row, then each non-blank row's
 * cells), so an import holds one batch of rows at a time, never the whole file as cells: a
 * CSV is parsed while it is read, in slices of its bytes; a workbook by exceljs's streaming
 * reader, row by row. `readTable` collects every row (a small file, a run waiting for
 * confirmation, the first rows of a preview).
 */
import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type ExcelJS from 'exceljs';
import { HttpError } from '../../middleware/errors.ts';

export type Table = { headers: string[]; rows: string[][] };
/** A stock file opened for reading: its header row, then its non-blank rows' cells. */
export type StockRows = { headers: string[]; rows: AsyncIterable<string[]> };
/** A stock file that can be read (again) from its first row; `rows` when its count is known. */
export type StockFile = { open: () => Promise<StockRows>; rows?: number };

export const invalidFile = (reason: string) => new HttpError(400, 'invalid_file', { reason });

function sniffDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]![0];
}

const CSV_OPTIONS = { relax_column_count: true, skip_empty_lines: true } as const;
const notBlank = (r: string[]) => r.some((c) => c.trim() !== '');

const csvError = (err: unknown) => {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: string }).code;
  if (code === 'CSV_QUOTE_NOT_CLOSED') return invalidFile('A quoted value is never closed');
  return invalidFile(`The CSV cannot be read: ${err instanceof Error ? err.message : String(err)}`);
};

/** Bytes handed to the CSV parser at a time: the rows of one slice are all it holds. */
const SLICE = 64 * 1024;
const BOM = [0xef, 0xbb, 0xbf];

function* slices(data: Uint8Array): Generator<Buffer> {
  const buf = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  for (let i = 0; i < buf.length; i += SLICE) yield buf.subarray(i, i + SLICE);
}

/** A CSV file's bytes, read row by row while they are parsed. */
export function csvFile(data: Uint8Array): StockFile {
  return {
    open: async () => {
      if (!isUtf8(data)) throw invalidFile('The file is neither UTF-8 text (CSV) nor an Excel workbook');
      if (data.includes(0)) throw invalidFile('The file is not a text (CSV) file');
      const body = BOM.every((b, i) => data[i] === b) ? data.subarray(3) : data;
      const firstBreak = body.indexOf(0x0a);
      const firstLine = Buffer.from(body.buffer, body.byteOffset, firstBreak < 0 ? body.byteLength : firstBreak);
      const parser = Readable.from(slices(body)).pipe(
        parse({ ...CSV_OPTIONS, delimiter: sniffDelimiter(firstLine.toString('utf8')) }),
      );
      const rows = nonBlank(parser as AsyncIterable<string[]>);
      const first = await rows.next();
      if (first.done) throw invalidFile('The file is empty');
      return { headers: first.value.map((h) => h.trim()), rows: { [Symbol.asyncIterator]: () => rows } };
    },
  };
}

async function* nonBlank(records: AsyncIterable<string[]>): AsyncGenerator<string[]> {
  try {
    for await (const r of records) if (notBlank(r)) yield r;
  } catch (err) {
    throw csvError(err);
  }
}

/** A table already in memory, read the same way. */
export const tableFile = (table: Table): StockFile => ({
  rows: table.rows.length,
  open: async () => ({
    headers: table.headers,
    rows: (async function* () {
      yield* table.rows;
    })(),
  }),
});

/** Every row of a file. */
export async function readTable(file: StockFile, limit = Infinity): Promise<Table> {
  const { headers, rows: source } = await file.open();
  const rows: string[][] = [];
  for await (const r of source) {
    if (rows.length >= limit) break;
    rows.push(r);
  }
  return { headers, rows };
}

/** The same file with some headers renamed (a source's manual mapping: header -> field name). */
export const renamedHeaders = (file: StockFile, mapping: Record<string, string>): StockFile => ({
  ...file,
  open: async () => {
    const r = await file.open();
    return { ...r, headers: r.headers.map((h) => mapping[h] ?? h) };
  },
});

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

const notExcel = () => invalidFile('The file is not a readable Excel (.xlsx) workbook');

/** The streaming reader's view of the workbook (its tab order, once workbook.xml is read). */
type ReaderModel = { model?: { sheets?: { name: string }[] } };

/** A workbook's first worksheet (by tab order), read row by row by exceljs's streaming reader. */
export function xlsxFile(data: Uint8Array): StockFile {
  return {
    open: async () => {
      // loaded on the first workbook: a node that reads none starts without it
      const { default: excel } = await import('exceljs');
      const reader = new excel.stream.xlsx.WorkbookReader(
        Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]),
        { worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore' },
      );
      const rows = sheetRows(reader);
      const first = await rows.next();
      if (first.done) throw invalidFile('The worksheet is empty');
      return { headers: first.value, rows: { [Symbol.asyncIterator]: () => rows } };
    },
  };
}

async function* sheetRows(reader: ExcelJS.stream.xlsx.WorkbookReader): AsyncGenerator<string[]> {
  try {
    for await (const sheet of reader) {
      const tabs = (reader as unknown as ReaderModel).model?.sheets;
      // a sheet other than the first tab is skipped (its bytes drained by the reader)
      if (tabs?.length && (sheet as unknown as { name: string }).name !== tabs[0]!.name) continue;
      for await (const r of sheet) {
        const values = r.values as ExcelJS.CellValue[]; // 1-based
        const row: string[] = [];
        for (let c = 1; c < values.length; c++) row.push(cellText(values[c]).trim());
        if (row.some((c) => c !== '')) yield row;
      }
      return;
    }
  } catch (err) {
    throw err instanceof HttpError ? err : notExcel();
  }
  throw (reader as unknown as ReaderModel).model ? invalidFile('The workbook has no worksheet') : notExcel();
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** CSV or XLSX by name and content (an .xlsx is a zip); nothing is read until it is opened. */
export function stockFile(name: string, data: Uint8Array): StockFile {
  const isZip = ZIP_MAGIC.every((b, i) => data[i] === b);
  const lower = name.toLowerCase();
  if (lower.endsWith('.xls') && !isZip)
    return {
      open: () => Promise.reject(invalidFile('Old .xls workbooks are not read: save it as .xlsx or .csv')),
    };
  return isZip || lower.endsWith('.xlsx') ? xlsxFile(data) : csvFile(data);
}

/** Reads a whole file into a table. */
export const parseStockFile = (name: string, data: Uint8Array): Promise<Table> => readTable(stockFile(name, data));
