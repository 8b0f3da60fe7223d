/**
 * The catalogue store's load where there is no Web Worker (vitest, old browsers): the page runs
 * the same set job, and the index follows the pricing of the moment it is shown.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeCatalogue, type WireDoc } from '../../../src/domain/catalogue/wire.ts';
import { RATES, stone } from './factory.ts';

const DOCS = [stone({ _id: 1, StkCodeCalcNS: 'FT-1', price: 1000, ExWebTotal: 1000 })].map(
  (d) => Object.fromEntries(Object.entries(d).filter(([k, v]) => v != null && v !== '' && k !== 'media')) as WireDoc,
);
const WIRE = encodeCatalogue(DOCS, { version: '1', audience: 'trade' });

beforeEach(() => {
  vi.resetModules(); // the store's state is per module
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify(WIRE), { headers: { etag: '"cat-trade-1"' } }));
});
afterEach(() => vi.unstubAllGlobals());

describe('loading the catalogue without a Worker', () => {
  it('builds the priced index in the page', async () => {
    expect(typeof Worker).toBe('undefined');
    const { $catalogue, loadCatalogue } = await import('../../../src/stores/catalogue.ts');
    const usd = { ccy: 'USD', rates: RATES };
    const index = await loadCatalogue(true, usd);
    expect($catalogue.get()).toMatchObject({ status: 'ready', audience: 'trade', stale: false });
    expect(index?.pricing).toBe(usd);
    expect(index?.price[0]).toBe(1000);
  });

  it('re-prices an index built for a pricing that moved while it was being built', async () => {
    const { $catalogue, loadCatalogue, repriceCatalogue } = await import('../../../src/stores/catalogue.ts');
    const usd = { ccy: 'USD', rates: RATES };
    const gbp = { ccy: 'GBP', rates: RATES };
    const loading = loadCatalogue(true, usd);
    // before the index is there the list is not yet the trade's: the store holds no pricing
    // (the island prices each index it is given, as below)
    repriceCatalogue(gbp);
    const index = await loading;
    expect(index?.pricing).toBeNull();
    expect(index?.price[0]).toBeNaN();
    repriceCatalogue(gbp);
    expect($catalogue.get().index?.pricing).toBe(gbp);
    expect(index?.price[0]).toBe(800); // 1000 USD at 1.25 USD to the pound
  });

  it('shows the error of a failed load', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    const { $catalogue, loadCatalogue } = await import('../../../src/stores/catalogue.ts');
    expect(await loadCatalogue(false)).toBeNull();
    expect($catalogue.get()).toMatchObject({ status: 'error', error: 'The stock list could not be loaded.' });
  });
});
