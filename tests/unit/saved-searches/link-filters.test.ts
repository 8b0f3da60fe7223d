import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLARITIES, COLOURS, FINISH_GRADES } from '../../../src/domain/grades.ts';
import {
  linkFiltersOfView,
  viewOfLinkFilters,
  type LinkFilters,
} from '../../../src/domain/saved-searches/link-filters.ts';
import { canonicalAddress, readView, viewAddress } from '../../../src/domain/saved-searches/view.ts';

const gradeRun = (scale: readonly string[]) =>
  fc
    .tuple(fc.nat(scale.length - 1), fc.nat(scale.length - 1))
    .map(([a, b]) => scale.slice(Math.min(a, b), Math.max(a, b) + 1));

const filtersArb: fc.Arbitrary<LinkFilters> = fc.record(
  {
    category: fc.constantFrom('stone', 'parcel'),
    shape: fc.subarray(['round', 'pear', 'oval', 'emerald'], { minLength: 1 }),
    carat_min: fc.integer({ min: 1, max: 100 }).map((n) => n / 10),
    price_max: fc.integer({ min: 100, max: 49_999 }),
    colour: gradeRun(COLOURS),
    clarity: gradeRun(CLARITIES.slice(0, 9)),
    cut: gradeRun(FINISH_GRADES),
    lab: fc.subarray(['GIA', 'IGI', 'HRD'], { minLength: 1 }),
    certificate_number: fc.stringMatching(/^[0-9]{4,10}$/).map((s) => [s]),
    sort: fc.constantFrom('created', '-created', 'carat', '-carat', 'price', '-price'),
  },
  { requiredKeys: [] },
);

describe('API Link filters and the saved view', () => {
  it('come back as they were saved, in canonical form', () => {
    fc.assert(
      fc.property(filtersArb, (f) => {
        const made = viewOfLinkFilters(f);
        expect(made.ok).toBe(true);
        if (!made.ok) return;
        const address = canonicalAddress(viewAddress(made.value))!;
        const back = linkFiltersOfView(readView(address)!);
        const expected = { ...f, category: f.category ?? 'stone', sort: f.sort ?? 'created' };
        if (expected.category === 'stone') Object.assign(expected, { origin: 'natural' });
        // a run over the whole scale filters nothing, and is left out
        if (f.colour?.length === COLOURS.length) delete expected.colour;
        if (f.cut?.length === FINISH_GRADES.length) delete expected.cut;
        expect(back).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('refuse what the list cannot keep, naming the parameter', () => {
    expect(viewOfLinkFilters({ colour: ['D', 'F'] })).toMatchObject({ ok: false, issue: { param: 'colour' } });
    expect(viewOfLinkFilters({ cut: ['Excellent', 'Good'] })).toMatchObject({ ok: false, issue: { param: 'cut' } });
    expect(viewOfLinkFilters({ has_360: false })).toMatchObject({ ok: false, issue: { param: 'has_360' } });
    expect(viewOfLinkFilters({ carat_min: 2, carat_max: 1 })).toMatchObject({
      ok: false,
      issue: { param: 'carat_max' },
    });
  });
});
