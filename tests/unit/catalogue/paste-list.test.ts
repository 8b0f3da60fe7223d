/**
 * A pasted list: entries split on newlines, commas, semicolons, spaces and tabs; blanks
 * dropped; repeats in any letter case kept once (first spelling, first place); at most 500.
 */
import { describe, expect, it } from 'vitest';
import { prepareCatalogue, rowsOfIds, rowsToDocs } from '../../../src/domain/catalogue/prepare.ts';
import {
  codesWith,
  parsePastedList,
  PASTE_LIST_MAX,
  pastedFromQuery,
  pasteParam,
  withPasteParam,
} from '../../../src/domain/catalogue/paste-list.ts';
import { stone } from './factory.ts';

describe('parsePastedList', () => {
  it('splits on newlines, commas, semicolons, spaces and tabs, mixed', () => {
    const text = 'FT-1\nFT-2,FT-3;FT-4 FT-5\tFT-6\r\n2215487931';
    expect(parsePastedList(text)).toEqual({
      codes: ['FT-1', 'FT-2', 'FT-3', 'FT-4', 'FT-5', 'FT-6', '2215487931'],
      duplicates: 0,
      error: null,
    });
  });

  it('drops blanks and runs of separators', () => {
    expect(parsePastedList('\n\n  FT-1 ,, ,\t\n\nFT-2  \n').codes).toEqual(['FT-1', 'FT-2']);
  });

  it('keeps a repeat once, in any letter case, as first written', () => {
    const list = parsePastedList('ft-7, FT-8\nFT-7\nft-8 FT-9');
    expect(list.codes).toEqual(['ft-7', 'FT-8', 'FT-9']);
    expect(list.duplicates).toBe(2);
  });

  it('refuses an empty list', () => {
    expect(parsePastedList(' ,\n\t ').error).toBe('Paste at least one stock code or certificate number.');
  });

  it('takes 500 entries and refuses 501 with a clear message', () => {
    const codes = (n: number) => Array.from({ length: n }, (_, i) => `C${i}`).join('\n');
    expect(parsePastedList(codes(PASTE_LIST_MAX)).error).toBeNull();
    expect(parsePastedList(codes(PASTE_LIST_MAX)).codes).toHaveLength(500);
    expect(parsePastedList(codes(501)).error).toBe('This list has 501 codes; look up at most 500 at a time.');
    // repeats do not count towards the limit
    expect(parsePastedList(`${codes(500)}\nC1\nc2`).error).toBeNull();
  });

  it('refuses an entry longer than a code can be', () => {
    expect(parsePastedList(`FT-1 ${'X'.repeat(65)}`).error).toMatch(/longer than 64 characters/);
  });

  it('gives the codes of one status in the order asked', () => {
    const items = [
      { code: 'A', status: 'unknown' as const },
      { code: 'B', status: 'found' as const },
      { code: 'C', status: 'unknown' as const },
    ];
    expect(codesWith(items, 'unknown')).toEqual(['A', 'C']);
  });
});

describe('rowsOfIds', () => {
  it('gives the rows of the ids asked, in the order asked, leaving out ids not loaded', () => {
    const docs = [stone({ _id: 11 }), stone({ _id: 12 }), stone({ _id: 13 })];
    const ix = prepareCatalogue(docs);
    expect(rowsToDocs(ix, rowsOfIds(ix, [13, 99, 11])).map((d) => d._id)).toEqual([13, 11]);
  });
});

describe('a pasted list in the address', () => {
  it('keeps a short list in the query beside the list view, and reads it back', () => {
    const codes = ['FT-S-000004', '7381920456', 'NOPE-1'];
    const param = pasteParam(codes);
    expect(param).toBe('FT-S-000004 7381920456 NOPE-1');
    const address = withPasteParam('/diamonds/all?tab=1&page=2', param);
    expect(address).toBe('/diamonds/all?tab=1&page=2&codes=FT-S-000004+7381920456+NOPE-1');
    expect(pastedFromQuery(address.slice(address.indexOf('?')))?.codes).toEqual(codes);
    expect(withPasteParam(address, null)).toBe('/diamonds/all?tab=1&page=2');
    expect(withPasteParam('/diamonds/all', null)).toBe('/diamonds/all');
  });

  it('leaves a long list out of the address, and refuses what is not a list', () => {
    const long = Array.from({ length: 120 }, (_, i) => `FT-S-${String(i).padStart(6, '0')}`);
    expect(pasteParam(long)).toBeNull();
    expect(pasteParam([])).toBeNull();
    expect(pastedFromQuery('?tab=1')).toBeNull();
    expect(pastedFromQuery('?codes=+,+')).toBeNull();
    expect(pastedFromQuery(`?codes=${'x'.repeat(65)}`)).toBeNull();
  });
});
