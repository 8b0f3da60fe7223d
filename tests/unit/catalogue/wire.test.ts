/** The catalogue wire format (src/domain/catalogue/wire.ts): lossless for every kind of value. */
import { describe, expect, it } from 'vitest';
import { encodeCatalogue, type WireDoc } from '../../../src/domain/catalogue/wire.ts';
import { decodeCatalogue } from '../../../src/domain/catalogue/wire-decode.ts';
import { slimDoc } from '../../../api/services/catalogue/list-docs.ts';
import { stone } from './factory.ts';

const META = { version: '1', audience: 'trade' } as const;
const roundTrip = (docs: WireDoc[]) => decodeCatalogue(JSON.parse(JSON.stringify(encodeCatalogue(docs, META))));

/** A factory stone reduced to the list fields, absent where empty (as the server's slimDoc). */
/** A stone as the list carries it: the server's own slimming of a full stone. */
const listDoc = (over: Parameters<typeof stone>[0] = {}): WireDoc => slimDoc(stone(over), false);

describe('catalogue wire format', () => {
  it('gives back the same docs: codes, money, ranges, parcels, specials, 360 flags', () => {
    const docs = [
      listDoc({ StkCodeCalcNS: 'FT-S-000009', price: 1234.56, ExWebTotal: 1234.56, StkMes1: 6.42, StkMes2: 6.45 }),
      listDoc({ StkCodeCalcNS: 'FT-S-000010', price: 99.99, ExWebTotal: 120, colour: ['D', 'F'], WebSpecial: 80.5 }),
      listDoc({ StkCodeCalcNS: 'PARCEL', StkCatType: 'Multiple Items', size: [0.01, 0.03], ppc: 410.25, price: null }),
      listDoc({ StkCodeCalcNS: 'X-007', price: 5, clarity: null, cut: null, StkMes1: null, StkMes2: 4.1 }),
      { ...listDoc({ StkCodeCalcNS: '0042' }), has360: true as const },
    ];
    expect(roundTrip(docs)).toEqual(docs);
  });

  it('keeps numbers with more than two decimals exact (plain column) and codes past 15 digits whole', () => {
    const docs = [
      listDoc({ STWeight: 1.234567, RAP: 31.5, StkCodeCalcNS: 'A1234567890123456789' }),
      listDoc({ STWeight: 0.1 + 0.2, RAP: -12.25, StkCodeCalcNS: 'A1234567890123456790' }),
    ];
    const wire = encodeCatalogue(docs, META);
    expect(Array.isArray(wire.cols.STWeight)).toBe(true);
    expect(roundTrip(docs)).toEqual(docs);
  });

  it('stores sequential codes and equal price columns as runs of the same small numbers', () => {
    const docs = Array.from({ length: 50 }, (_, i) =>
      listDoc({
        StkCodeCalcNS: `FT-${i % 2 ? 'L' : 'S'}-${String(100 + i).padStart(6, '0')}`,
        price: 1000 + i,
        ExWebTotal: 1000 + i,
      }),
    );
    const wire = encodeCatalogue(docs, META);
    const codes = wire.cols.StkCodeCalcNS as { p: string[]; d: number[] };
    expect(codes.p).toEqual(['FT-S-', 'FT-L-']);
    expect(new Set(codes.d.slice(2))).toEqual(new Set([2]));
    expect(new Set((wire.cols.ExWebTotal as { v: number[] }).v)).toEqual(new Set([0]));
    expect(roundTrip(docs)).toEqual(docs);
  });

  it('refuses a body of another format', () => {
    expect(() => decodeCatalogue({ docs: [] })).toThrow(/format/);
  });
});
