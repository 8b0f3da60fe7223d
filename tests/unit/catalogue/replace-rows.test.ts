/**
 * Rows of a loaded index replaced or settled in place of a rebuild (replace-rows.ts,
 * settle-rows.ts): for any stock and any stones changed (price, weight, grades, shape, lab,
 * category, code, an absent value), taken out or added, the patched index lists, sorts, bounds,
 * searches and shows its rows exactly as an index built afresh from the docs, and the index it
 * was given is left as it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultFilters,
  docOf,
  filterAndSort,
  MAIN_TABS,
  prepareCatalogue,
  replaceRows,
  searchCodes,
  settleRows,
  sliderHistograms,
  sortOrder,
  SORT_COLUMNS,
  type CatalogueIndex,
  type PriceContext,
} from '../../../src/domain/catalogue/index.ts';
import type { DiamondDoc } from '../../../src/domain/diamond.ts';
import { labGrown, parcel, RATES, stone } from './factory.ts';

const pricing: PriceContext = { ccy: 'USD', rates: RATES };
const SHAPES = ['Round', 'Oval', 'Pear', 'Heart'];
const LABS = ['GIA', 'IGI', 'hrd', ''];
const COLOURS = ['D', 'G', 'K', null] as const;

/** A stone of kind `kind` with the given choices (ids and creation times come from `id`). */
const stoneArb = (id: number) =>
  fc
    .record({
      kind: fc.constantFrom('single', 'labGrown', 'parcel'),
      shape: fc.constantFrom(...SHAPES),
      weight: fc.integer({ min: 30, max: 500 }),
      colour: fc.constantFrom(...COLOURS),
      lab: fc.constantFrom(...LABS),
      price: fc.option(fc.integer({ min: 100, max: 90_000 })),
      special: fc.constantFrom(0, 0, 250),
      available: fc.constantFrom(1, 2, 3),
      rap: fc.option(fc.integer({ min: 5, max: 60 })),
      code: fc.constantFrom('FT', 'LIVE-', 'X'),
      cert: fc.option(fc.integer({ min: 1000, max: 9999 })),
      has360: fc.boolean(),
      // its own time, another stone's (a tie), or none
      created: fc.oneof(fc.constant('own' as const), fc.integer({ min: 1, max: 40 }), fc.constant(null)),
    })
    .map((c): DiamondDoc => {
      const over = {
        _id: id,
        StkCodeCalcNS: `${c.code}${id}`,
        StkShape: c.shape,
        STWeight: c.weight / 100,
        colour: c.colour,
        StkCertSup: c.lab,
        StkCertNo: c.cert == null ? '' : String(c.cert),
        price: c.price,
        ExWebTotal: c.price,
        WebSpecial: c.special,
        StkWebAvailable: c.available,
        RAP: c.rap,
        has360: c.has360 || undefined,
        ...(c.created === 'own'
          ? {}
          : {
              createdAt:
                c.created == null ? undefined : new Date(Date.UTC(2025, 0, 1) + c.created * 60_000).toISOString(),
            }),
      };
      if (c.kind === 'parcel') return parcel({ ...over, size: [c.weight / 1000, c.weight / 500], ppc: c.price });
      return c.kind === 'labGrown' ? labGrown(over) : stone(over);
    });

/** stones that give the index every field a changed stone can bring (a parcel's size, ppc, RAP, ...) */
const EVERY_FIELD = [
  parcel({
    _id: 900,
    size: [0.1, 0.2],
    ppc: 900,
    price: 500,
    ExWebTotal: 500,
    RAP: 10,
    StkCertNo: '1',
    StkCertSup: 'GIA',
  }),
  labGrown({ _id: 901, RAP: 40, WebSpecial: 100, StkCertNo: '5555' }),
];
const stockArb = fc
  .integer({ min: 2, max: 30 })
  .chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => stoneArb(i + 1))));

/** the weight limits the sliders' histograms are read at (kept on the index from before a change) */
const HISTOGRAM_LIMITS = [0, 5] as const;

/** Everything the list reads of an index: each tab's rows in every sort, its bounds, search lines and docs. */
function view(ix: CatalogueIndex) {
  const lists = MAIN_TABS.flatMap((tab) =>
    SORT_COLUMNS.flatMap((column) =>
      (['asc', 'desc'] as const).map((direction) => [
        ...filterAndSort(ix, defaultFilters(ix.bounds[tab]), { column, direction }, { tab, authorised: true }),
      ]),
    ),
  );
  const docs = Array.from({ length: ix.size }, (_, i) => docOf(ix, i));
  const histograms = MAIN_TABS.map((tab) => sliderHistograms(ix, tab, HISTOGRAM_LIMITS));
  return {
    lists,
    bounds: ix.bounds,
    codes: [...searchCodes(ix)],
    docs,
    labs: [...ix.lab].map((l) => ix.labs[l]),
    histograms,
  };
}

/**
 * The stock loaded (with every field, `warm`: its orders and search lines made, as a list in use
 * has them), patched by `patch`: it must read as an index built afresh from `now`, and the one
 * given as it was.
 */
function checkPatch(
  docs: readonly DiamondDoc[],
  warm: boolean,
  patch: (ix: CatalogueIndex, all: readonly DiamondDoc[]) => { patched: CatalogueIndex | null; now: DiamondDoc[] },
) {
  const all = [...docs, ...EVERY_FIELD];
  const ix = prepareCatalogue(all, pricing);
  if (warm) {
    for (const column of SORT_COLUMNS) sortOrder(ix, column);
    searchCodes(ix);
    for (const tab of MAIN_TABS) sliderHistograms(ix, tab, HISTOGRAM_LIMITS);
  }
  const before = view(ix);
  const { patched, now } = patch(ix, all);
  expect(patched).not.toBeNull();
  expect(view(patched!)).toEqual(view(prepareCatalogue(now, pricing)));
  expect(view(ix)).toEqual(before);
}

describe('replacing rows of a loaded index', () => {
  it('lists, sorts, bounds and shows the rows as an index built afresh, and leaves the one given', () => {
    fc.assert(
      fc.property(
        stockArb.chain((docs) =>
          fc.tuple(
            fc.constant(docs),
            fc.uniqueArray(fc.integer({ min: 0, max: docs.length - 1 }), { minLength: 1, maxLength: 4 }),
            fc.tuple(...docs.map((d) => stoneArb(d._id!))),
            fc.boolean(),
          ),
        ),
        ([docs, rows, changed, warm]) =>
          checkPatch(docs, warm, (ix, all) => ({
            patched: replaceRows(ix, new Map(rows.map((r) => [r, changed[r]!]))),
            now: all.map((d, r) => (rows.includes(r) ? changed[r]! : d)),
          })),
      ),
      { numRuns: 150 },
    );
  });

  it('settled (gone rows out, new stones after), lists and shows the rows as an index built afresh', () => {
    fc.assert(
      fc.property(
        stockArb.chain((docs) =>
          fc.tuple(
            fc.constant(docs),
            fc.uniqueArray(fc.integer({ min: 0, max: docs.length - 1 }), { maxLength: 4 }),
            fc
              .integer({ min: 0, max: 3 })
              .chain((k) => fc.tuple(...Array.from({ length: k }, (_, i) => stoneArb(500 + i)))),
            fc.boolean(),
          ),
        ),
        ([docs, gone, fresh, warm]) =>
          checkPatch(docs, warm, (ix, all) => ({
            patched: settleRows(ix, new Set(gone), fresh),
            now: [...all.filter((_, r) => !gone.includes(r)), ...fresh],
          })),
      ),
      { numRuns: 100 },
    );
  });

  it('shares every column a price change leaves alone, and keeps the orders it did not move', () => {
    const docs = [stone({ _id: 1, price: 1000 }), stone({ _id: 2, price: 2000 }), stone({ _id: 3, price: 3000 })];
    const ix = prepareCatalogue(docs, pricing);
    for (const column of SORT_COLUMNS) sortOrder(ix, column);
    const next = replaceRows(ix, new Map([[0, { ...docs[0]!, price: 5000, ExWebTotal: 5000 }]]))!;
    expect(next.price).not.toBe(ix.price);
    expect(next.weight).toBe(ix.weight);
    expect(next.colourLo).toBe(ix.colourLo);
    expect(next.cols.dict.StkShape).toEqual(ix.cols.dict.StkShape);
    expect(next.orders.has('createdAt')).toBe(true);
    expect(next.orders.has('weight')).toBe(true);
    expect(next.orders.has('price')).toBe(false);
    expect(next.orders.has('ppc')).toBe(false);
  });

  it('asks for a rebuild when a stone brings a field no stone of the index has', () => {
    const { RAP: _, ...noRap } = stone({ _id: 1 });
    const ix = prepareCatalogue([noRap, { ...noRap, _id: 2 }], pricing);
    expect(replaceRows(ix, new Map([[0, stone({ _id: 1, RAP: 40 })]]))).toBeNull();
  });
});
