import { describe, expect, it } from 'vitest';
import { canonicalAddress, readView, viewAddress } from '../../../src/domain/saved-searches/view.ts';

describe('the stored view: the list address', () => {
  it('keeps tab, sort and every set filter, and drops page and page size', () => {
    expect(canonicalAddress('/diamonds/all?tab=2&page=3&size=50&sort=-price&shape=round&col=D-H&special=1')).toBe(
      '/diamonds/all?tab=2&sort=-price&shape=round&col=D-H&special=1',
    );
  });

  it('keeps the lab-grown path and a weight range as given, an open end written empty', () => {
    expect(canonicalAddress('/diamonds/all/lab-grown?wt=0.5-2')).toBe('/diamonds/all/lab-grown?wt=0.5-2');
    expect(canonicalAddress('/diamonds/all?wt=1.5-')).toBe('/diamonds/all?wt=1.5-');
    expect(readView('/diamonds/all?wt=1.5-')!.filters.weight).toEqual([1.5, Infinity]);
  });

  it('reads the list page segments: specials and a shape become filters', () => {
    expect(canonicalAddress('/diamonds/all/specials')).toBe('/diamonds/all?special=1');
    expect(canonicalAddress('/diamonds/all/pear?col=E-G')).toBe('/diamonds/all?shape=pear&col=E-G');
    expect(readView('/diamonds/all/baguette')!.tab).toBe(2);
  });

  it('is the same form however the address was written (values in order, unknown values dropped)', () => {
    const a = canonicalAddress('/diamonds/all?col=H-D&cla=si2-vs1&shape=Round,PEAR,unicorn&foo=1');
    expect(a).toBe('/diamonds/all?shape=round%2Cpear&col=D-H&cla=VS1-SI2');
    expect(canonicalAddress(a!)).toBe(a);
  });

  it('refuses an address that is not the list', () => {
    expect(readView('/diamonds/bag')).toBeNull();
    expect(readView('/diamonds/123/details')).toBeNull();
    expect(readView('/my-account')).toBeNull();
    expect(readView('https://elsewhere.example/diamonds/all')).toBeNull();
  });

  it('round-trips a view', () => {
    const v = readView('/diamonds/all/lab-grown?sort=weight&price=1000-20000&avail=1,2&q=ft-0')!;
    expect(readView(viewAddress(v))).toEqual(v);
  });
});
