/**
 * One stock-file row -> one stone or its errors: every reading and checking rule of the
 * import, with the exact messages, fields and order the admin sees in the preview; and a CSV
 * file read row by row in slices of its bytes.
 */
import { describe, expect, it } from 'vitest';
import type { HttpError } from '../../api/middleware/errors.ts';
import { mapHeaders } from '../../api/services/stock-import/headers.ts';
import { csvFile, readTable, type StockFile } from '../../api/services/stock-import/parse.ts';
import { readNumber, validateRow } from '../../api/services/stock-import/validate.ts';

const now = new Date('2026-11-24T04:00:00Z');
/** validates one row (file line 2) under `headers`; `known` are stock codes already in stock */
const rowOf = (headers: readonly string[], cells: readonly string[], known: string[] = []) =>
  validateRow([...cells], 2, { map: mapHeaders([...headers]), existing: new Set(known), now });
const errorsOf = (headers: readonly string[], cells: readonly string[], known: string[] = []) =>
  rowOf(headers, cells, known).errors.map((e) => [e.field, e.msg]);
const stoneOf = (headers: readonly string[], cells: readonly string[], known: string[] = []) => {
  const r = rowOf(headers, cells, known);
  expect(r.errors).toEqual([]);
  return r.record!.stone;
};

/** a valid new single stone, plus the given columns */
const BASE = ['StkCodeCalcNS', 'StkShape', 'STWeight', 'price'];
const single = (extra: Record<string, string>, base = ['A1', 'RB', '1.01', '5000']) =>
  [
    [...BASE, ...Object.keys(extra)],
    [...base, ...Object.values(extra)],
  ] as const;

describe('readNumber', () => {
  it('reads separators, currency and percent signs; empty is null; anything else NaN', () => {
    expect(readNumber(' 1,234.50 ')).toBe(1234.5);
    expect(readNumber('$1234.5')).toBe(1234.5);
    expect(readNumber('£12')).toBe(12);
    expect(readNumber('62.3%')).toBe(62.3);
    expect(readNumber('-30')).toBe(-30);
    expect(readNumber('')).toBeNull();
    expect(readNumber('  ')).toBeNull();
    expect(readNumber('1.2.3')).toBeNaN();
    expect(readNumber('heavy')).toBeNaN();
  });
});

describe('stock code', () => {
  it('is required, letters, digits and - _ . / only, at most 40', () => {
    expect(errorsOf(...single({}, ['', 'RB', '1', '5']))).toEqual([['StkCodeCalcNS', 'The stock code is required']]);
    const bad = 'The stock code must be letters, digits, - _ . / (at most 40)';
    expect(errorsOf(...single({}, ['-A1', 'RB', '1', '5']))).toEqual([['StkCodeCalcNS', bad]]);
    expect(errorsOf(...single({}, ['A 1', 'RB', '1', '5']))).toEqual([['StkCodeCalcNS', bad]]);
    expect(errorsOf(...single({}, ['A'.repeat(41), 'RB', '1', '5']))).toEqual([['StkCodeCalcNS', bad]]);
    expect(stoneOf(...single({}, ['A'.repeat(40), 'RB', '1', '5'])).stockCode).toBe('A'.repeat(40));
    expect(stoneOf(...single({}, ['a.b_c/d-1', 'RB', '1', '5'])).stockCode).toBe('a.b_c/d-1');
  });
});

describe('a new stone and a known one', () => {
  it('a new stone needs a shape, a weight and a price; a known one may bring only what changes', () => {
    expect(errorsOf(['StkCodeCalcNS', 'Colour'], ['N1', 'G'])).toEqual([
      ['StkShape', 'The shape is required for a new stone'],
      ['STWeight', 'The weight (carats) is required'],
      ['price', 'A stone needs a price'],
    ]);
    const known = stoneOf(['StkCodeCalcNS', 'Colour'], ['K1', 'G'], ['K1']);
    expect(known).toEqual({
      stockCode: 'K1',
      colourFrom: 'G',
      colourTo: 'G',
      colourFromRank: 3,
      colourToRank: 3,
      inStock: true,
      createdAt: now,
      updatedAt: now,
    });
  });

  it('a new single stone gets a category name and a description; a known one neither', () => {
    const s = stoneOf(...single({ Colour: 'G', Clarity: 'VS1', Lab: 'gia' }));
    expect(s).toMatchObject({
      catType: 'Single Item',
      source: '',
      shape: 'Round',
      weight: 1.01,
      priceCents: 500000,
      catName: 'Diamonds',
      description: '1.01ct Round G VS1 GIA',
      certLab: 'GIA',
    });
    const lab = stoneOf(...single({ Source: 'CVD' }));
    expect(lab).toMatchObject({ source: 'Lab Grown', catName: 'Lab Grown Diamonds' });
    expect(lab.description).toBe('1.01ct Round Lab Grown');
    const own = stoneOf(...single({ StkCatName: 'Specials', StkDesc: 'A fine stone' }));
    expect(own).toMatchObject({ catName: 'Specials', description: 'A fine stone' });
    const k = stoneOf(...single({}), ['A1']);
    expect(k.catName).toBeUndefined();
    expect(k.description).toBeUndefined();
    expect(k.catType).toBeUndefined();
    expect(k.source).toBeUndefined();
  });
});

describe('type and source', () => {
  it('reads the type words, and guesses a parcel for a new row with a size or only a ppc', () => {
    const h = ['StkCodeCalcNS', 'StkShape', 'STWeight', 'ppc', 'StkCatType'];
    expect(stoneOf(h, ['P1', 'RD', '10', '200', 'parcel']).catType).toBe('Multiple Items');
    expect(stoneOf(h, ['P1', 'RD', '10', '200', 'Multiple Items']).catType).toBe('Multiple Items');
    expect(stoneOf([...h, 'price'], ['P1', 'RD', '1', '200', 'single', '5']).catType).toBe('Single Item');
    expect(stoneOf(h, ['P1', 'RD', '10', '200', '']).catType).toBe('Multiple Items');
    expect(errorsOf(h, ['P1', 'RD', '10', '200', 'bundle'])).toEqual([
      ['StkCatType', "The type must be 'Single Item' or 'Multiple Items'"],
    ]);
    const sized = ['StkCodeCalcNS', 'StkShape', 'STWeight', 'ppc', 'price', 'SizeFrom', 'SizeTo'];
    const p = stoneOf(sized, ['P2', 'pear', '5', '300', '900', '0.1', '0.2']);
    expect(p).toMatchObject({
      catType: 'Multiple Items',
      catName: 'Parcels',
      description: 'Pear (0.1-0.2ct)',
      sizeFrom: 0.1,
      sizeTo: 0.2,
    });
    expect(stoneOf(sized, ['S2', 'pear', '5', '300', '900', '', '']).catType).toBe('Single Item');
  });

  it('a parcel needs a ppc, a single stone a price (or ExWebTotal, which then is its price)', () => {
    expect(errorsOf(['StkCodeCalcNS', 'StkShape', 'STWeight', 'StkCatType'], ['P1', 'RD', '1', 'lot'])).toEqual([
      ['ppc', 'A parcel needs a price per carat (ppc)'],
    ]);
    const ex = stoneOf(['StkCodeCalcNS', 'StkShape', 'STWeight', 'ExWebTotal'], ['E1', 'RD', '1', '1,200']);
    expect(ex).toMatchObject({ priceCents: 120000, exWebTotalCents: 120000 });
    const knownEx = stoneOf(['StkCodeCalcNS', 'ExWebTotal'], ['E1', '1200'], ['E1']);
    expect(knownEx.priceCents).toBeUndefined();
  });

  it('reads the source words; anything else is refused', () => {
    expect(stoneOf(...single({ Source: 'natural' })).source).toBe('');
    expect(stoneOf(...single({ Source: 'Lab Grown' })).source).toBe('Lab Grown');
    expect(stoneOf(...single({ Source: 'hpht' })).source).toBe('Lab Grown');
    expect(errorsOf(...single({ Source: 'moissanite' }))).toEqual([
      ['Source', "Source must be 'Lab Grown' or empty (natural)"],
    ]);
  });
});

describe('shape and weight', () => {
  it('reads shape codes, title-cases other names, and checks presence and length', () => {
    expect(stoneOf(...single({}, ['A1', 'PS', '1', '5'])).shape).toBe('Pear');
    expect(stoneOf(...single({}, ['A1', 'r.b.', '1', '5'])).shape).toBe('Round');
    expect(stoneOf(...single({}, ['A1', 'old miner-cut', '1', '5'])).shape).toBe('Old Miner-Cut');
    expect(errorsOf(...single({}, ['A1', '', '1', '5']))).toEqual([['StkShape', 'The shape is required']]);
    expect(errorsOf(...single({}, ['A1', 'x'.repeat(41), '1', '5']))).toEqual([
      ['StkShape', 'The shape must be at most 40 characters'],
    ]);
  });

  it('reads the weight to two decimals between 0.001 and 10,000 carats', () => {
    expect(stoneOf(...single({}, ['A1', 'RB', '1.256', '5'])).weight).toBe(1.26);
    expect(errorsOf(...single({}, ['A1', 'RB', 'heavy', '5']))).toEqual([
      ['STWeight', 'The weight must be a number, not "heavy"'],
    ]);
    expect(errorsOf(...single({}, ['A1', 'RB', '0', '5']))).toEqual([
      ['STWeight', 'The weight must be between 0.001 and 10000'],
    ]);
    expect(errorsOf(...single({}, ['A1', 'RB', '', '5']))).toEqual([['STWeight', 'The weight (carats) is required']]);
    expect(errorsOf(...single({}, ['A1', 'RB', '', '5']), ['A1'])).toEqual([
      ['STWeight', 'The weight (carats) is required'],
    ]);
  });
});

describe('grade ranges', () => {
  it('reads one grade or a range in one column, better grade first, with ranks', () => {
    expect(stoneOf(...single({ Colour: 'H-G' }))).toMatchObject({
      colourFrom: 'G',
      colourTo: 'H',
      colourFromRank: 3,
      colourToRank: 4,
    });
    expect(stoneOf(...single({ Cut: 'vg to ex' }))).toMatchObject({ cutFrom: 'Excellent', cutTo: 'Very Good' });
    expect(stoneOf(...single({ Polish: 'EXC' }))).toMatchObject({ polishFrom: 'Excellent', polishTo: 'Excellent' });
    expect(stoneOf(...single({ Fluorescence: 'med – vsl' }))).toMatchObject({
      fluorescenceFrom: 'Medium',
      fluorescenceTo: 'V. Slight',
    });
    expect(stoneOf(...single({ Clarity: 'vs1' }))).toMatchObject({ clarityFrom: 'VS1', clarityTo: 'VS1' });
    const empty = stoneOf(...single({ Symmetry: '' }));
    expect(empty).toMatchObject({ symmetryFrom: null, symmetryTo: null, symmetryFromRank: null });
  });

  it('reads From / To columns, an empty end taking the other', () => {
    const h = ['Colour From', 'Colour To', 'Clarity From', 'Clarity To'];
    expect(stoneOf(...single(Object.fromEntries(h.map((k, i) => [k, ['J', '', 'SI1', 'VS2'][i]!]))))).toMatchObject({
      colourFrom: 'J',
      colourTo: 'J',
      clarityFrom: 'VS2',
      clarityTo: 'SI1',
    });
  });

  it('refuses unknown grades and more than two parts, naming the values', () => {
    expect(errorsOf(...single({ Colour: 'Z' }))).toEqual([['Colour', 'Colour must be D to M, not "Z"']]);
    expect(errorsOf(...single({ Colour: 'G-Z' }))).toEqual([['Colour', 'Colour must be D to M, not "G-Z"']]);
    expect(errorsOf(...single({ Clarity: 'VS1-VS2-SI1' }))).toEqual([
      ['Clarity', 'Clarity must be one grade or a range "From-To" of FL to I3'],
    ]);
    expect(errorsOf(...single({ Cut: 'superb' }))).toEqual([
      ['Cut', 'Cut must be Excellent, Very Good, Good, Fair, Poor, not "superb"'],
    ]);
    expect(errorsOf(...single({ Fluorescence: 'glowing' }))).toEqual([
      ['flourecence', 'flourecence must be None, Faint, Slight, V. Slight, Medium, Strong, V. Strong, not "glowing"'],
    ]);
  });
});

describe('certificate, prices and numbers', () => {
  it('upper-cases the lab and checks the lengths of lab and report number', () => {
    expect(stoneOf(...single({ Lab: 'igi', 'Cert No': '123' }))).toMatchObject({ certLab: 'IGI', certNumber: '123' });
    expect(errorsOf(...single({ Lab: 'L'.repeat(21), 'Cert No': '1'.repeat(41) }))).toEqual([
      ['StkCertSup', 'The lab must be at most 20 characters'],
      ['StkCertNo', 'The report number must be at most 40 characters'],
    ]);
  });

  it('reads prices into cents between 0 and 100,000,000; an empty special is 0', () => {
    const s = stoneOf(
      ...single({ ppc: '£2,000.555', ExWebTotal: '4,000', WebSpecial: '' }, ['A1', 'RB', '1', '$5,000.25']),
    );
    expect(s).toMatchObject({ priceCents: 500025, ppcCents: 200056, exWebTotalCents: 400000, webSpecialCents: 0 });
    expect(errorsOf(...single({ ppc: 'x', ExWebTotal: '-1', WebSpecial: '100000001' }))).toEqual([
      ['ppc', 'The price per carat must be a number, not "x"'],
      ['ExWebTotal', 'ExWebTotal must be between 0 and 100000000'],
      ['WebSpecial', 'WebSpecial must be between 0 and 100000000'],
    ]);
    expect(errorsOf(...single({}, ['A1', 'RB', '1', 'lots']))).toEqual([
      ['price', 'The price must be a number, not "lots"'],
      ['price', 'A stone needs a price'],
    ]);
  });

  it('reads RAP, the percentages, the culet and the three measurements in their ranges', () => {
    const cols = {
      RAP: '-35.5',
      Depth: '62.3%',
      Table: '57',
      Culet: '180',
      Crown: '15',
      Girdle: '3.5',
      Pavilion: '43',
      Length: '6.5',
      Width: '6.52',
      Height: '4.01',
    };
    expect(stoneOf(...single(cols))).toMatchObject({
      rap: -35.5,
      depthTotal: 62.3,
      tablePct: 57,
      culet: 180,
      depthCrown: 15,
      depthGirdle: 3.5,
      depthPavilion: 43,
      mes1: 6.5,
      mes2: 6.52,
      mes3: 4.01,
    });
    expect(stoneOf(...single({ RAP: '', Table: '' }))).toMatchObject({ rap: null, tablePct: null });
    const bad = { ...cols, RAP: '-101', Depth: '101', Culet: '181', Length: 'long' };
    expect(errorsOf(...single(bad))).toEqual([
      ['RAP', 'RAP must be between -100 and 100'],
      ['StkDepth_Total', 'The depth % must be between 0 and 100'],
      ['StkCulet', 'The culet must be between 0 and 180'],
      ['StkMes1', 'The length (mm) must be a number, not "long"'],
    ]);
    expect(
      errorsOf(...single({ Table: 'wide', Crown: '-1', Girdle: 'x', Pavilion: '200', Width: '-2', Height: '?' })),
    ).toEqual([
      ['StkTable', 'The table % must be a number, not "wide"'],
      ['StkDepth_Crown', 'The crown % must be between 0 and 100'],
      ['StkDepth_Girdle', 'The girdle % must be a number, not "x"'],
      ['StkDepth_Pavilion', 'The pavilion % must be between 0 and 100'],
      ['StkMes2', 'The width (mm) must be between 0 and 100'],
      ['StkMes3', 'The depth (mm) must be a number, not "?"'],
    ]);
  });

  it('reads measurements "L x W x D" (or "Lmin-Lmax x D") in one column unless a length column is there', () => {
    const m = (s: string) => stoneOf(...single({ Measurements: s }));
    expect(m('6.50 x 6.52 x 4.01 mm')).toMatchObject({ mes1: 6.5, mes2: 6.52, mes3: 4.01 });
    expect(m('6.50*6.52×4.01')).toMatchObject({ mes1: 6.5, mes2: 6.52, mes3: 4.01 });
    expect(m('6.50 - 6.55 x 4.01')).toMatchObject({ mes1: 6.5, mes2: 6.55, mes3: 4.01 });
    expect(m(' ')).toMatchObject({ mes1: null, mes2: null, mes3: null });
    const msg = (s: string) => [['Stk_Mes_Concat', `Measurements must read "L x W x D" in mm, not "${s}"`]];
    expect(errorsOf(...single({ Measurements: '6.5 x 6.5' }))).toEqual(msg('6.5 x 6.5'));
    expect(errorsOf(...single({ Measurements: '6.5 x 6.5 x 101' }))).toEqual(msg('6.5 x 6.5 x 101'));
    expect(errorsOf(...single({ Measurements: '6.5 x a x 4' }))).toEqual(msg('6.5 x a x 4'));
    expect(stoneOf(...single({ Length: '7', Measurements: 'nonsense' }))).toMatchObject({ mes1: 7 });
  });

  it('reads availability as 1, 2 or 3 (or now, later, on demand; empty is now)', () => {
    const a = (s: string) => stoneOf(...single({ Availability: s })).availability;
    expect([a(''), a('2'), a('Later'), a('on demand'), a('immediately')]).toEqual([1, 2, 2, 3, 1]);
    expect(errorsOf(...single({ Availability: '4' }))).toEqual([
      ['StkWebAvailable', 'Availability must be 1 (now), 2 (later) or 3 (on demand)'],
    ]);
  });
});

describe('text and sizes', () => {
  it('keeps the text columns up to their lengths', () => {
    const ok = { StkCatName: 'c'.repeat(80), StkDesc: 'd'.repeat(300), Sieve: '+2-3', Comments: 'x'.repeat(2000) };
    expect(stoneOf(...single(ok))).toMatchObject({ catName: ok.StkCatName, sieve: '+2-3', comments: ok.Comments });
    const long = {
      StkCatName: 'c'.repeat(81),
      StkDesc: 'd'.repeat(301),
      Sieve: 's'.repeat(41),
      Comments: 'x'.repeat(2001),
    };
    expect(errorsOf(...single(long))).toEqual([
      ['StkCatName', 'The category name must be at most 80 characters'],
      ['StkDesc', 'The description must be at most 300 characters'],
      ['Sieve', 'The sieve must be at most 40 characters'],
      ['Comments', 'The comments must be at most 2000 characters'],
    ]);
  });

  it('checks the sizes are numbers up to 100 and Size To is not below Size From', () => {
    const h = ['StkCodeCalcNS', 'SizeFrom', 'SizeTo'];
    expect(errorsOf(h, ['P1', '0.3', '0.2'], ['P1'])).toEqual([['SizeTo', 'Size To must not be below Size From']]);
    expect(errorsOf(h, ['P1', 'a', '101'], ['P1'])).toEqual([
      ['SizeFrom', 'Size From must be a number, not "a"'],
      ['SizeTo', 'Size To must be between 0 and 100'],
    ]);
    expect(stoneOf(h, ['P1', '', '0.2'], ['P1'])).toMatchObject({ sizeFrom: null, sizeTo: 0.2 });
  });
});

describe('errors of one row', () => {
  it('come all at once, in column order, with the row number, and no stone', () => {
    const headers = [
      'StkCodeCalcNS',
      'StkCatType',
      'Source',
      'StkShape',
      'STWeight',
      'Colour',
      'Clarity',
      'Lab',
      'price',
      'RAP',
      'Measurements',
      'Availability',
      'StkDesc',
      'SizeFrom',
      'SizeTo',
    ];
    const cells = [
      'B1',
      'box',
      'moon',
      '',
      '0',
      'Q',
      'VS1',
      'GIA',
      '',
      '200',
      '1x2',
      'soon',
      'd'.repeat(301),
      '5',
      '4',
    ];
    const r = validateRow(cells, 17, { map: mapHeaders(headers), existing: new Set(), now });
    expect(r.record).toBeUndefined();
    // each error carries the cell as written
    expect(r.errors.map((e) => [e.field, e.value])).toEqual([
      ['StkCatType', 'box'],
      ['Source', 'moon'],
      ['StkShape', ''],
      ['STWeight', '0'],
      ['Colour', 'Q'],
      ['ppc', ''],
      ['RAP', '200'],
      ['Stk_Mes_Concat', '1x2'],
      ['StkWebAvailable', 'soon'],
      ['StkDesc', 'd'.repeat(301)],
      ['SizeTo', '4'],
    ]);
    expect(r.errors).toEqual(
      [
        ['StkCatType', "The type must be 'Single Item' or 'Multiple Items'"],
        ['Source', "Source must be 'Lab Grown' or empty (natural)"],
        ['StkShape', 'The shape is required'],
        ['STWeight', 'The weight must be between 0.001 and 10000'],
        ['Colour', 'Colour must be D to M, not "Q"'],
        ['ppc', 'A parcel needs a price per carat (ppc)'],
        ['RAP', 'RAP must be between -100 and 100'],
        ['Stk_Mes_Concat', 'Measurements must read "L x W x D" in mm, not "1x2"'],
        ['StkWebAvailable', 'Availability must be 1 (now), 2 (later) or 3 (on demand)'],
        ['StkDesc', 'The description must be at most 300 characters'],
        ['SizeTo', 'Size To must not be below Size From'],
      ].map(([field, msg]) => ({ row: 17, field, value: expect.any(String), msg })),
    );
  });
});

describe('a CSV read row by row', () => {
  /** the reason a file is refused for, or null */
  const refusal = (f: StockFile) =>
    readTable(f).then(
      () => null,
      (err: HttpError) => `${err.body.errors.msg}: ${String(err.body.errors.options?.reason)}`,
    );

  it('reads values that cross its 64 KB slices: quotes, line breaks and letters of two bytes', async () => {
    const long = 'é'.repeat(40_001); // 80,002 bytes: the slice ends inside a letter
    const csv = `\ufeffStock No;Comments\r\nA1;"${long}"\r\n\r\n;;\r\n A2 ;"two\nlines; ""quoted"""\r\nA3;x`;
    expect(await readTable(csvFile(Buffer.from(csv)))).toEqual({
      headers: ['Stock No', 'Comments'],
      rows: [
        ['A1', long],
        [' A2 ', 'two\nlines; "quoted"'],
        ['A3', 'x'],
      ],
    });
    // the first rows only
    expect((await readTable(csvFile(Buffer.from(csv)), 1)).rows).toEqual([['A1', long]]);
  });

  it('refuses what is not a readable CSV with the reason', async () => {
    const bytes = (s: string) => new TextEncoder().encode(s);
    expect(await refusal(csvFile(bytes('')))).toMatch(/^invalid_file: The file is empty/);
    expect(await refusal(csvFile(bytes(' , \n\n')))).toMatch(/^invalid_file: The file is empty/);
    expect(await refusal(csvFile(bytes(`a,b\n${'x,1\n'.repeat(20_000)}"y,2\n`)))).toMatch(/never closed/);
    expect(await refusal(csvFile(Uint8Array.from([0xff, 0xfe, 0x00, 0x81])))).toMatch(/UTF-8/);
    expect(await refusal(csvFile(bytes('a,b\n\u0000,1\n')))).toMatch(/not a text/);
  });
});
