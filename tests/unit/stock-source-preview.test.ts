/** A source's Preview stops its download after the header and the rows it shows (csvRowsEnd). */
import { describe, expect, it } from 'vitest';
import { csvRowsEnd } from '../../api/services/stock-sources/preview.ts';

/** Feeds `text` in pieces of `size` bytes; answers the bytes kept when the scanner stops, or null. */
function kept(rows: number, text: string, size = 7): string | null {
  const scan = csvRowsEnd(rows);
  const data = Buffer.from(text);
  for (let at = 0; at < data.length; at += size) {
    const piece = data.subarray(at, at + size);
    const cut = scan(piece);
    if (cut != null) return data.subarray(0, at + cut).toString();
  }
  return null;
}

describe('csvRowsEnd', () => {
  it('stops after the header and the rows asked for, across pieces', () => {
    const csv = 'Stock No,Shape\nA-1,Round\nA-2,Oval\nA-3,Pear\nA-4,Heart\n';
    expect(kept(2, csv)).toBe('Stock No,Shape\nA-1,Round\nA-2,Oval\n');
    expect(kept(2, csv.replaceAll('\n', '\r\n'), 1)).toBe('Stock No,Shape\r\nA-1,Round\r\nA-2,Oval\r\n');
  });

  it('keeps line breaks inside quotes in their value and does not count blank lines', () => {
    const csv = 'Stock No,Comment\n\nA-1,"two\nlines"\n ,, \nA-2,"say ""hi"""\nA-3,x\n';
    expect(kept(2, csv)).toBe('Stock No,Comment\n\nA-1,"two\nlines"\n ,, \nA-2,"say ""hi"""\n');
  });

  it('reads a short file and an XLSX (a ZIP) to their end', () => {
    expect(kept(10, 'Stock No\nA-1\nA-2\n')).toBeNull();
    expect(kept(1, `PK\u0003\u0004${'row\n'.repeat(20)}`)).toBeNull();
  });
});
