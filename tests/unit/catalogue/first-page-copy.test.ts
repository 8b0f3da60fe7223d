/**
 * The list's first page before React (stores/catalogue-first.ts, islands/catalogue/early-table.ts):
 * the kept copy answers only its own address and page size, a signed-in copy is forgotten
 * (and not painted when old), and the painted markup escapes the stock's text.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstPage } from '../../../api/services/catalogue/first-page.ts';
import { laterRowsHtml, tableHtml } from '../../../src/islands/catalogue/table-markup.ts';
import { firstPageNow, forgetTradeFirstPage, keepFirstPage, readKept } from '../../../src/stores/catalogue-first.ts';
import { stone } from './factory.ts';

const bounds = { weight: [0, 1], measurementsLength: [0, 1], measurementsWidth: [0, 1], measurementsDepth: [0, 1] };
const page = (audience: 'trade' | 'visitor', docs = [stone({ StkCodeCalcNS: 'FT-1' })]): FirstPage =>
  ({
    audience,
    etag: '"e"',
    address: '/diamonds/all',
    ccy: audience === 'trade' ? 'USD' : null,
    tab: 0,
    total: docs.length,
    page: 1,
    pages: 1,
    docs,
    bounds: { 0: bounds, 1: bounds, 2: bounds, 3: bounds },
    counts: { 0: docs.length, 1: 0, 2: 0, 3: 0 },
  }) as unknown as FirstPage;
const here = { pathname: '/diamonds/all', search: '' };

beforeEach(() => {
  const items = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the kept first page', () => {
  it('answers only the address and page size it was kept for', () => {
    keepFirstPage(here, 100, page('visitor'), null);
    expect(firstPageNow(here, 100)).toMatchObject({ audience: 'visitor', kept: true });
    expect(firstPageNow(here, 25)).toBeNull();
    expect(firstPageNow({ pathname: '/diamonds/all', search: '?shape=round' }, 100)).toBeNull();
  });

  it('forgets a signed-in copy on sign-out but keeps a visitor copy', () => {
    keepFirstPage(here, 100, page('trade'), { ccy: 'USD', rates: [] });
    forgetTradeFirstPage();
    expect(readKept(here, 100)).toBeNull();
    keepFirstPage(here, 100, page('visitor'), null);
    forgetTradeFirstPage();
    expect(readKept(here, 100)?.page.audience).toBe('visitor');
  });

  it('does not paint a signed-in copy older than a session idle life (8 h)', () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T00:00:00Z') });
    keepFirstPage(here, 100, page('trade'), null);
    vi.setSystemTime(new Date('2026-11-24T07:59:00Z'));
    expect(readKept(here, 100)).not.toBeNull();
    vi.setSystemTime(new Date('2026-11-24T08:01:00Z'));
    expect(readKept(here, 100)).toBeNull();
  });

  it('reads a damaged copy as none', () => {
    localStorage.setItem('facet.catalogue.first', '{not json');
    expect(firstPageNow(here, 100)).toBeNull();
  });
});

describe('the early table markup', () => {
  it('escapes the stock text and shows a visitor no price', () => {
    const html = tableHtml(
      page('visitor', [stone({ StkCodeCalcNS: '<img src=x onerror=alert(1)>', StkCertSup: 'A&B' })]),
      null,
    );
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('A&amp;B');
    expect(html).toContain('Sign in for prices');
    expect(html).not.toContain('cat-price');
  });

  it('prices a signed-in page in the kept currency, with the trader columns', () => {
    const html = tableHtml(page('trade', [stone({ price: 1000, STWeight: 1 })]), { ccy: 'USD', rates: [] });
    expect(html).toContain('<span class="sr-only">Download tick</span>');
    expect(html).toContain('data-label="PPC"');
    expect(html).toMatch(/class="cat-price">\$1,000<small>\.00<\/small>/);
  });

  it('draws the first screen of rows, the rest apart, with one collapsed sizer cell for each other width', () => {
    const docs = Array.from({ length: 30 }, (_, i) =>
      stone({
        _id: i + 1,
        StkCodeCalcNS: `FT-${1000 + i}`,
        price: i === 28 ? 123_456 : 1000 + i,
        colour: i === 29 ? 'K' : 'D',
      }),
    );
    const usd = { ccy: 'USD', rates: [] };
    const html = tableHtml(page('trade', docs), usd, 25);
    const codes = (markup: string) => [...markup.matchAll(/class="cat-shape__code">([^<]*)</g)].map((m) => m[1]);
    const body = html.slice(html.indexOf('<tbody>'), html.indexOf('</tbody>'));
    expect(codes(body)).toEqual(docs.slice(0, 25).map((d) => d.StkCodeCalcNS));
    // the rest, drawn in later: the same rows as the whole table's
    const later = laterRowsHtml(page('trade', docs), usd, 25);
    expect(later.map(codes)).toEqual(docs.slice(25).map((d) => [d.StkCodeCalcNS]));
    const whole = tableHtml(page('trade', docs), usd);
    expect(whole.slice(whole.indexOf('<tbody>'), whole.indexOf('</tbody>'))).toBe(body + later.join(''));
    const sizer = /<tfoot class="cat-sizer" aria-hidden="true">(.*)<\/tfoot>/.exec(html)?.[1] ?? '';
    // the longer price and the other colour of the hidden rows, as wide as theirs (figures as 0)
    expect(sizer).toContain('$000,000<small>.00</small>');
    expect(sizer).toContain('>K<');
    // nothing in it to follow, read out or trade on: no link, label, id or real figure
    expect(sizer).not.toMatch(/href=|aria-|id=|title=|data-label/);
    expect(sizer.replace(/<[^>]*>/g, '')).not.toMatch(/[1-9]/);
    expect(tableHtml(page('trade', docs.slice(0, 25)), null, 25)).not.toContain('cat-sizer');
  });
});
