/** Home page rules: intro timeline, carousel maths, strip rule, tile subtitle, map back-off. */
import { describe, expect, it } from 'vitest';
import { arrows, counter, swipe, trackOffset, twoDigits } from '../../src/domain/home/carousel.ts';
import { retryDelay, retrySchedule } from '../../src/domain/home/retry.ts';
import { hashOrDefault, sectionOfHash } from '../../src/domain/home/sections.ts';
import { carouselOf, LATEST_ARRIVALS, SPECIAL_OFFERS, stripOf, viewAllHref } from '../../src/domain/home/strip.ts';
import { tilePrice, tileSubtitle } from '../../src/domain/home/tile.ts';
import { stepAt, stepsReached } from '../../src/domain/home/timeline.ts';

const single = (id: number, WebSpecial = 0) => ({ id, StkCatType: 'Single Item' as const, WebSpecial });
const parcel = (id: number, WebSpecial = 0) => ({ id, StkCatType: 'Multiple Items' as const, WebSpecial });

describe('intro timeline', () => {
  it('reaches the steps at 5, 6, 8, 8.5, 9 and 10 s', () => {
    expect(stepAt(-1)).toBe('loading');
    expect(stepAt(0)).toBe('intro');
    expect(stepAt(4999)).toBe('intro');
    expect(stepAt(5000)).toBe('loop');
    expect(stepAt(6000)).toBe('tagline');
    expect(stepAt(8000)).toBe('logo');
    expect(stepAt(8500)).toBe('logo-settled');
    expect(stepAt(9000)).toBe('offers');
    expect(stepAt(10000)).toBe('complete');
    expect(stepAt(60000)).toBe('complete');
    expect(stepsReached('tagline')).toEqual(['intro', 'loop', 'tagline']);
  });
});

describe('carousel', () => {
  it('hides the arrows at the ends', () => {
    expect(arrows(0, 5)).toEqual({ prev: false, next: true });
    expect(arrows(2, 5)).toEqual({ prev: true, next: true });
    expect(arrows(4, 5)).toEqual({ prev: true, next: false });
    expect(arrows(0, 1)).toEqual({ prev: false, next: false });
  });
  it('swipes only past 10 px', () => {
    expect(swipe(2, 5, -10)).toBe(2);
    expect(swipe(2, 5, -11)).toBe(3);
    expect(swipe(2, 5, 11)).toBe(1);
    expect(swipe(4, 5, -50)).toBe(4);
    expect(swipe(0, 5, 50)).toBe(0);
  });
  it('counts with 2 digits', () => {
    expect(twoDigits(3)).toBe('03');
    expect(counter(0, 12)).toEqual({ position: '01', total: '12' });
    expect(counter(8, 9)).toEqual({ position: '09', total: '09' });
    expect(counter(99, 100)).toEqual({ position: '100', total: '100' });
  });
  it('centres a tile within the track ends (4.2 columns)', () => {
    expect(trackOffset(0, 10, 1260)).toBe(0);
    expect(trackOffset(5, 10, 1260)).toBeCloseTo(5.5 * 300 - 630);
    expect(trackOffset(9, 10, 1260)).toBeCloseTo(10 * 300 - 1260);
  });
});

describe('strip rule', () => {
  it('shows at most 3 specials under SPECIAL OFFERS', () => {
    const r = stripOf([single(1), single(2, 900), parcel(3, 10), single(4, 5), single(5, 7)]);
    expect(r).toMatchObject({ special: true, title: SPECIAL_OFFERS });
    expect(r.stones.map((s) => s.id)).toEqual([2, 3, 4]);
    expect(viewAllHref(r.special)).toBe('/diamonds/all/specials');
  });
  it('else the first 3 Single Items under LATEST ARRIVALS', () => {
    const r = stripOf([parcel(1), single(2), single(3, 0), parcel(4), single(5), single(6)]);
    expect(r).toMatchObject({ special: false, title: LATEST_ARRIVALS });
    expect(r.stones.map((s) => s.id)).toEqual([2, 3, 5]);
    expect(viewAllHref(r.special)).toBe('/diamonds/all');
  });
  it('reads WebSpecial as a number, 0 when absent', () => {
    expect(stripOf([{ StkCatType: 'Single Item', WebSpecial: '0' }]).special).toBe(false);
    expect(stripOf([{ StkCatType: 'Single Item', WebSpecial: '12.5' }]).special).toBe(true);
  });
  it('the carousel falls back to up to 100 Single Items', () => {
    const many = Array.from({ length: 150 }, (_, i) => (i % 3 ? single(i) : parcel(i)));
    const c = carouselOf(many);
    expect(c).toHaveLength(100);
    expect(c.every((s) => s.StkCatType === 'Single Item')).toBe(true);
  });
});

describe('tiles', () => {
  const range = (From: string, To: string) => ({ From, To });
  it('subtitle: weight in ct, then colour and clarity as From to To', () => {
    expect(
      tileSubtitle({
        StkCatType: 'Single Item',
        STWeight: 1.016,
        Colour: range('G', 'H'),
        Clarity: range('VS1', 'VS2'),
      }),
    ).toBe('1.02ct G to H VS1 to VS2');
  });
  it('subtitle: a single grade is printed once, not as "H to H"', () => {
    expect(tileSubtitle({ StkCatType: 'Single Item', STWeight: 0.5, Colour: range('D', 'D'), Clarity: null })).toBe(
      '0.50ct D',
    );
    expect(
      tileSubtitle({ StkCatType: 'Single Item', STWeight: 1, Colour: range('H', 'H'), Clarity: range('FL', 'FL') }),
    ).toBe('1.00ct H FL');
    expect(
      tileSubtitle({ StkCatType: 'Multiple Items', STWeight: 3, Size: range('0.10', '0.10'), Colour: range('H', '') }),
    ).toBe('0.10ct H');
  });
  it('subtitle: size for parcels', () => {
    expect(
      tileSubtitle({
        StkCatType: 'Multiple Items',
        STWeight: 12,
        Size: range('0.10', '0.20'),
        Colour: range('F', 'G'),
        Clarity: range('SI1', 'SI2'),
      }),
    ).toBe('0.10 to 0.20ct F to G SI1 to SI2');
  });
  it('price: thousands, 2 decimals, symbol; none without a price', () => {
    const rates = [
      { currency: 'USD', ExRate: 1, default: true },
      { currency: 'GBP', ExRate: 0.8, default: false },
    ];
    expect(tilePrice({ StkCatType: 'Single Item', STWeight: 1, WebSpecial: 12345 }, 'USD', rates)?.text).toBe(
      '$12,345.00',
    );
    expect(tilePrice({ StkCatType: 'Single Item', STWeight: 1, price: 10000 }, 'GBP', rates)?.parts).toMatchObject({
      symbol: '£',
      whole: '8,000',
      cents: '00',
    });
    expect(tilePrice({ StkCatType: 'Single Item', STWeight: 1, WebSpecial: 0 }, 'USD', rates)).toBeNull();
  });
});

describe('map back-off and hash', () => {
  it('waits attempts * 2^attempts ms, 3 retries', () => {
    expect(retryDelay(1)).toBe(2);
    expect(retryDelay(3)).toBe(24);
    expect(retrySchedule()).toEqual([2, 8, 24]);
  });
  it('defaults the hash to #welcome', () => {
    expect(hashOrDefault('')).toBe('#welcome');
    expect(hashOrDefault('#news')).toBe('#news');
    expect(sectionOfHash('#about-us-2')).toBe('about-us-2');
    expect(sectionOfHash('#nope')).toBeNull();
  });
});
