/**
 * The memo and pro-forma invoice layout (api/services/trade/trade-document.ts), read back with
 * poppler: the letterhead, number and date, the buyer, the table's columns (its head on every
 * page), totals with the tax line, the terms, the memo's signature block, "Page i of n" on
 * every page, and the site's typefaces embedded.
 */
import { execFileSync, type ExecFileSyncOptionsWithStringEncoding } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tradeDocumentPdf, type TradeDocument } from '../../api/services/trade/trade-document.ts';

const row = (i: number) => ({
  stockCode: `FT-S-${String(2200 + i).padStart(6, '0')}`,
  shape: 'Marquise',
  carat: '1.45',
  colour: 'F',
  clarity: 'VS1',
  certificate: `GIA ${2141438000 + i}`,
  perCarat: '$6,420.00',
  amount: '$9,309.00',
});

const memo = (lines: number, kind: TradeDocument['kind'] = 'memo'): TradeDocument => ({
  kind,
  number: 'M-000123',
  date: '28 November 2026',
  request: '#123',
  currency: 'USD',
  seller: { name: 'Facet Trade', lines: ['88 Hatton Garden', 'Tel. +44 20 7946 0100', 'VAT no. GB 294 7361 08'] },
  buyer: { company: 'Patel & Daughters Jewellers', lines: ['Anita Patel', '14 Vyse Street', 'Birmingham, B18 6LT'] },
  rows: Array.from({ length: lines }, (_, i) => row(i)),
  totals: [
    ['Subtotal', '$9,309.00'],
    ['VAT 20%', '$1,861.80'],
    ['Total USD', '$11,170.80'],
  ],
  terms: 'Goods sent on memo remain our property until paid for.',
});

function read(d: TradeDocument): { pages: string[]; fonts: string } {
  const dir = mkdtempSync(join(tmpdir(), 'facet-trade-doc-'));
  const file = join(dir, 'doc.pdf');
  writeFileSync(file, Buffer.from(tradeDocumentPdf(d)));
  const opts: ExecFileSyncOptionsWithStringEncoding = { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] };
  const text = execFileSync('pdftotext', ['-layout', file, '-'], opts);
  return { pages: text.split('\f').filter((p) => p.trim()), fonts: execFileSync('pdffonts', [file], opts) };
}

describe('a memo as the trade sends it', () => {
  it('one line: letterhead, number, buyer, the columns, totals with tax, terms, signature, page 1 of 1', () => {
    const { pages, fonts } = read(memo(1));
    expect(pages).toHaveLength(1);
    const page = pages[0]!;
    for (const text of [
      'Facet Trade',
      '88 Hatton Garden',
      'VAT no. GB 294 7361 08',
      'MEMORANDUM',
      'M-000123',
      '28 November 2026',
      'Patel & Daughters Jewellers',
      '14 Vyse Street',
      'VAT 20%',
      '$11,170.80',
      'remain our property',
      'Received on memo by',
      'Page 1 of 1',
    ])
      expect(page).toContain(text);
    expect(page).toMatch(/STOCK CODE\s+SHAPE\s+CARAT\s+COLOUR\s+CLARITY\s+LAB & CERTIFICATE\s+PRICE \/ CT\s+AMOUNT/);
    expect(page).toMatch(/FT-S-002200\s+Marquise\s+1\.45\s+F\s+VS1\s+GIA 2141438000\s+\$6,420\.00\s+\$9,309\.00/);
    expect(fonts).toMatch(/Inter/);
    expect(fonts).toMatch(/Cormorant/);
  });

  it('forty lines run on over pages, each with the table head and "Page i of n"', () => {
    const { pages } = read(memo(40));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
      expect(page).toContain('STOCK CODE');
    });
    const all = pages.join('\n');
    for (let i = 0; i < 40; i++) expect(all).toContain(row(i).stockCode);
    expect(pages.at(-1)).toContain('Received on memo by');
  });

  it('a pro-forma invoice has its payment terms and no memo signature', () => {
    const page = read(memo(2, 'invoice')).pages.join('\n');
    expect(page).toContain('PRO-FORMA INVOICE');
    expect(page).toContain('PAYMENT TERMS');
    expect(page).not.toContain('Received on memo by');
  });
});
