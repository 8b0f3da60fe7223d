/**
 * The download files opened and checked: each type builds a PDF (title, 'Page n / total',
 * one table row per stone, header on every page) and an Excel workbook read back with exceljs
 * (headers, row count, abbreviations, width 20, bold header, Availability).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_TITLES, DOWNLOAD_TYPES, selectDocs, type DownloadType } from '../../src/domain/downloads/index.ts';
import { stonePrice } from '../../src/domain/catalogue/pricing.ts';
import { buildPdf } from '../../src/islands/downloads/build-pdf.ts';
import { buildXlsx, EXCEL_COLUMN_WIDTH } from '../../src/islands/downloads/build-xlsx.ts';
import { tableFor, type DownloadRequest } from '../../src/islands/downloads/build.ts';
import { parcel, stone } from './catalogue/factory.ts';

const RATES = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.27 },
];
const SHAPES = ['Round', 'Pear', 'Oval', 'Round'];
const all = [
  ...Array.from({ length: 90 }, (_, i) =>
    stone({
      _id: i + 1,
      StkCodeCalcNS: `FT-S-${String(i + 1).padStart(6, '0')}`,
      StkShape: SHAPES[i % 4],
      StkCertNo: i % 3 ? `CERT${i}` : '',
      price: 1000 + i,
      StkWebAvailable: 1,
      cut: 'Very Good',
      fluorescence: 'Medium',
      ...(i % 5 === 4 ? { Source: 'Lab Grown', StkCatName: 'Lab Grown Diamonds' } : {}),
    }),
  ),
  ...Array.from({ length: 30 }, (_, i) =>
    parcel({ _id: 1000 + i, StkCodeCalcNS: `FT-P-${String(i + 1).padStart(6, '0')}`, ppc: 500 + i }),
  ),
];
const current = all.filter((_, i) => i % 2 === 0);
const ticked = [1, 2, 3, 1001];

const request = (type: DownloadType, format: 'pdf' | 'excel'): DownloadRequest => ({
  type,
  format,
  source: { current, all, ticked },
  brand: 'Facet Trade',
  pricing: { ccy: 'GBP', rates: RATES },
  availability: { 1: 'Immediately', 2: '3-5 days', 3: 'On Demand' },
  date: new Date(2026, 10, 22, 12),
});

/** The strings jsPDF drew, in order (uncompressed content streams: '(text) Tj'). */
function pdfStrings(pdf: ReturnType<typeof buildPdf>): string[] {
  const raw = pdf.output();
  return [...raw.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
}

const dir = mkdtempSync(join(tmpdir(), 'facet-dl-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text of a PDF as poppler reads it (pdftotext, poppler-utils), one string per page. */
function popplerPages(pdf: ReturnType<typeof buildPdf>, name: string): string[] {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, Buffer.from(pdf.output('arraybuffer')));
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).split('\f').slice(0, -1);
}

describe.each(DOWNLOAD_TYPES)('%s download', (type) => {
  const expected = selectDocs(type, { current, all, ticked });

  it('PDF: the title on every page, Page n / total, one row per stone', () => {
    const table = tableFor(request(type, 'pdf'));
    const pdf = buildPdf(table);
    const pages = pdf.getNumberOfPages();
    const strings = pdfStrings(pdf);
    expect(strings.filter((s) => s === DOWNLOAD_TITLES[type])).toHaveLength(pages);
    for (let n = 1; n <= pages; n++) expect(strings).toContain(`Page ${n} / ${pages}`);
    const codes = strings.filter((s) => /^FT-[SP]-\d{6}$/.test(s));
    expect(codes).toEqual(expected.map((d) => d.StkCodeCalcNS));
    expect(strings.filter((s) => s === 'ID')).toHaveLength(pages); // the header row repeats
    if (expected.length > 40) expect(pages).toBeGreaterThan(1);
  });

  it('PDF read back by poppler: title, count and page number on each page, every stone once, prices in GBP', () => {
    const pdf = buildPdf(tableFor(request(type, 'pdf')));
    const pages = popplerPages(pdf, type);
    expect(pages).toHaveLength(pdf.getNumberOfPages());
    const noun = type === 'parcels' ? 'parcels' : 'stones';
    pages.forEach((text, i) => {
      expect(text).toContain(DOWNLOAD_TITLES[type]);
      expect(text).toContain(`${expected.length} ${noun} · Downloaded Nov 22, 2026 · Prices in GBP`);
      expect(text).toMatch(new RegExp(`Page ${i + 1} / ${pages.length}\\s*$`));
    });
    const lines = pages.join('\n').split('\n');
    const codes = lines.map((l) => /^\s*(FT-[SP]-\d{6})\s/.exec(l)?.[1]).filter(Boolean);
    expect(codes).toEqual(expected.map((d) => d.StkCodeCalcNS));
    const first = lines.find((l) => l.includes(expected[0]!.StkCodeCalcNS))!;
    expect(first).toMatch(/£[\d,]+\.\d{2}\s*$/); // the last column (Price, or PPC for parcels) in pounds
  });

  it('Excel: bold header of the spec columns, width 20, one row per stone, abbreviations', async () => {
    const table = tableFor(request(type, 'excel'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await buildXlsx(table));
    const sheet = wb.worksheets[0]!;
    expect(sheet.name).toBe(DOWNLOAD_TITLES[type]);
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const parcelsOnly = expected.length > 0 && expected.every((d) => d.StkCatType === 'Multiple Items');
    expect(header).toEqual(
      type === 'parcels' || parcelsOnly
        ? ['ID', 'Shape', 'Origin', 'Size', 'Colour', 'Clarity', 'L/W/D', 'Lab', 'PPC']
        : [
            'ID',
            'Shape',
            'Origin',
            'Weight',
            'Colour',
            'Clarity',
            'Cut',
            'Polish',
            'Symmetry',
            'Fluor',
            'L/W/D',
            'Lab',
            'PPC',
            'BR',
            'Price',
            'Availability',
          ],
    );
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.columns.every((c) => c.width === EXCEL_COLUMN_WIDTH)).toBe(true);
    expect(sheet.rowCount).toBe(expected.length + 1);
    const firstSingle = expected.findIndex((d) => d.StkCatType === 'Single Item');
    if (firstSingle >= 0 && header.includes('Cut')) {
      const row = (sheet.getRow(firstSingle + 2).values as unknown[]).slice(1);
      expect(row[6]).toBe('VG');
      expect(row[9]).toBe('MED');
      expect(row[15]).toBe('Immediately');
    }
  });
});

describe('every download says which stones are natural and which lab-grown', () => {
  const origin = (d: { Source?: string | null }) => (d.Source === 'Lab Grown' ? 'Lab-grown' : 'Natural');

  it.each(DOWNLOAD_TYPES)('%s: Excel has an Origin column, one per stone', async (type) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await buildXlsx(tableFor(request(type, 'excel'))));
    const sheet = wb.worksheets[0]!;
    const col = (sheet.getRow(1).values as unknown[]).indexOf('Origin');
    expect(col).toBeGreaterThan(0);
    const expected = selectDocs(type, { current, all, ticked });
    const cells: unknown[] = [];
    sheet.getColumn(col).eachCell((cell, row) => {
      if (row > 1) cells.push(cell.value);
    });
    expect(cells).toEqual(expected.map(origin));
  });

  it('the certified stock PDF, read by poppler, marks each stone Natural or Lab-grown', () => {
    const expected = selectDocs('certified-all', { current, all, ticked });
    expect(new Set(expected.map(origin))).toEqual(new Set(['Natural', 'Lab-grown']));
    const lines = popplerPages(buildPdf(tableFor(request('certified-all', 'pdf'))), 'origin')
      .join('\n')
      .split('\n');
    expect(lines.some((l) => /^\s*Origin\b|\sOrigin\s/.test(l))).toBe(true);
    for (const d of expected) {
      const line = lines.find((l) => l.includes(d.StkCodeCalcNS))!;
      expect(line).toMatch(new RegExp(`\\s${origin(d)}\\s`));
    }
  });
});

describe('Excel figures are numbers with number formats', () => {
  const read = async (type: DownloadType, pricing: DownloadRequest['pricing'] = { ccy: 'GBP', rates: RATES }) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await buildXlsx(tableFor({ ...request(type, 'excel'), pricing })));
    const sheet = wb.worksheets[0]!;
    const col = (name: string) => (sheet.getRow(1).values as unknown[]).indexOf(name);
    return { sheet, col, expected: selectDocs(type, { current, all, ticked }) };
  };

  it('singles: weight, PPC, BR and price are numbers, formatted, and add up', async () => {
    const { sheet, col, expected } = await read('current');
    const singles = expected.filter((d) => d.StkCatType === 'Single Item');
    const weight = sheet.getRow(2).getCell(col('Weight'));
    expect(weight.type).toBe(ExcelJS.ValueType.Number);
    expect(weight.value).toBe(expected[0]!.STWeight);
    expect(weight.numFmt).toBe('0.00');
    const price = sheet.getRow(2).getCell(col('Price'));
    expect(typeof price.value).toBe('number');
    expect(price.numFmt).toBe('"£"#,##0.00');
    expect(sheet.getRow(2).getCell(col('PPC')).numFmt).toBe('"£"#,##0.00');
    expect(sheet.getRow(2).getCell(col('BR')).numFmt).toBe('0.00"%"');
    let sum = 0;
    sheet.getColumn(col('Price')).eachCell((cell, row) => {
      if (row > 1 && typeof cell.value === 'number') sum += cell.value;
    });
    expect(sum).toBeCloseTo(
      expected.reduce((s, d) => s + (stonePrice(d, 'GBP', RATES) ?? 0), 0),
      2,
    );
    expect(singles.length).toBeGreaterThan(0);
    expect(sheet.getRow(1).getCell(col('Price')).value).toBe('Price'); // the header stays text
  });

  it('the price format follows the chosen currency; without prices the cells are empty, not text', async () => {
    const usd = await read('current', { ccy: 'USD', rates: RATES });
    expect(usd.sheet.getRow(2).getCell(usd.col('Price')).numFmt).toBe('"$"#,##0.00');
    const visitor = await read('current', null);
    expect(visitor.sheet.getRow(2).getCell(visitor.col('Price')).value).toBeNull();
    expect(visitor.sheet.getRow(2).getCell(visitor.col('Weight')).type).toBe(ExcelJS.ValueType.Number);
  });

  it('parcels: PPC is a number in the currency format', async () => {
    const { sheet, col } = await read('parcels');
    const ppc = sheet.getRow(2).getCell(col('PPC'));
    expect(typeof ppc.value).toBe('number');
    expect(ppc.numFmt).toBe('"£"#,##0.00');
  });
});

it('a 5,000-stone PDF and Excel build in a few seconds each', async () => {
  const big = Array.from({ length: 5000 }, (_, i) =>
    stone({ _id: i + 1, StkCodeCalcNS: `FT-S-${i}`, price: 1000 + i }),
  );
  const req = { ...request('current', 'pdf'), source: { current: big } };
  let t = performance.now();
  buildPdf(tableFor(req));
  const pdfMs = performance.now() - t;
  t = performance.now();
  await buildXlsx(tableFor({ ...req, format: 'excel' }));
  const xlsxMs = performance.now() - t;
  console.log(`[downloads] 5,000 stones: PDF ${Math.round(pdfMs)} ms, Excel ${Math.round(xlsxMs)} ms`);
  expect(pdfMs).toBeLessThan(10_000);
  expect(xlsxMs).toBeLessThan(20_000);
}, 60_000);

it('PDF cells keep brackets, backslashes and currency signs, and a too-long value is cut, not run on', () => {
  const table = { ...tableFor(request('current', 'pdf')), rows: [] as string[][] };
  const row = table.columns.map(() => '-');
  row[0] = 'FT-S-000001';
  row[1] = 'Old (Mine) \\ cut';
  row[table.columns.findIndex((c) => c.key === 'price')] = '€1,234.00 ¥5 $6 £7';
  row[table.columns.findIndex((c) => c.key === 'lab')] = 'A-VERY-LONG-LAB-NAME-INDEED';
  const [text] = popplerPages(buildPdf({ ...table, rows: [row] }), 'escapes');
  expect(text).toContain('Old (Mine) \\ cut');
  expect(text).toContain('€1,234.00 ¥5 $6 £7');
  expect(text).not.toContain('A-VERY-LONG-LAB-NAME-INDEED');
  expect(text).toMatch(/ A-V[A-Z-]*… /);
});
