/** The stock push's JSON rows and single-stone bodies as an import table (api/services/stock-import/push.ts). */
import { describe, expect, it } from 'vitest';
import { tableOfRows, tableOfStone } from '../../api/services/stock-import/push.ts';

describe('pushed rows as a table', () => {
  it('takes every field named by any row, in the order first seen; a missing or null value is an empty cell', () => {
    expect(
      tableOfRows([
        { StkCodeCalcNS: 'A-1', price: 7450, Colour: 'G' },
        { StkCodeCalcNS: 'A-2', Clarity: 'VS1', price: null },
      ]),
    ).toEqual({
      headers: ['StkCodeCalcNS', 'price', 'Colour', 'Clarity'],
      rows: [
        ['A-1', '7450', 'G', ''],
        ['A-2', '', '', 'VS1'],
      ],
    });
  });

  it('puts the path’s stock code first; the body may repeat it under any of its names, never another code', () => {
    expect(tableOfStone('A-1', { 'Stock No': 'A-1', price: 7200 })).toEqual({
      headers: ['StkCodeCalcNS', 'price'],
      rows: [['A-1', '7200']],
    });
    expect(() => tableOfStone('A-1', { StkCodeCalcNS: 'A-2', price: 1 })).toThrow(/must be the one in the path/);
    expect(() => tableOfStone('A-1', {})).toThrow(/at least one field/);
  });
});
