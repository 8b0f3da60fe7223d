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
const TRADER = { audience: 'trade', account: '7' } as const;
const VISITOR = { audience: 'visitor', account: null } as const;

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
    const index = await loadCatalogue(TRADER, usd);
    expect($catalogue.get()).toMatchObject({ status: 'ready', audience: 'trade', stale: false });
    expect(index?.pricing).toBe(usd);
    expect(index?.price[0]).toBe(1000);
  });

  it('re-prices an index built for a pricing that moved while it was being built', async () => {
    const { $catalogue, loadCatalogue, repriceCatalogue } = await import('../../../src/stores/catalogue.ts');
    const usd = { ccy: 'USD', rates: RATES };
    const gbp = { ccy: 'GBP', rates: RATES };
    const loading = loadCatalogue(TRADER, usd);
    // the trade set being loaded takes the new pricing: it is shown in it when it arrives
    repriceCatalogue(gbp);
    const index = await loading;
    expect(index?.pricing).toBe(gbp);
    expect(index?.price[0]).toBe(800); // 1000 USD at 1.25 USD to the pound
    // the same pricing again changes nothing (no second pass over the stones)
    const { version } = $catalogue.get();
    repriceCatalogue({ ...gbp });
    expect($catalogue.get().version).toBe(version);
    repriceCatalogue(usd);
    expect([index?.price[0], $catalogue.get().version]).toEqual([1000, version + 1]);
  });

  it('never prices a visitor set, however the pricing moves while it loads', async () => {
    vi.stubGlobal(
      'fetch',
      async () =>
        new Response(JSON.stringify({ ...WIRE, audience: 'visitor' }), { headers: { etag: '"cat-visitor-1"' } }),
    );
    const { loadCatalogue, repriceCatalogue } = await import('../../../src/stores/catalogue.ts');
    const loading = loadCatalogue(VISITOR);
    repriceCatalogue({ ccy: 'GBP', rates: RATES });
    const index = await loading;
    expect(index?.pricing).toBeNull();
    expect(index?.price[0]).toBeNaN();
  });

  it('shows the error of a failed load', async () => {
    vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
    const { $catalogue, loadCatalogue } = await import('../../../src/stores/catalogue.ts');
    expect(await loadCatalogue(VISITOR)).toBeNull();
    expect($catalogue.get()).toMatchObject({ status: 'error', error: 'The stock list could not be loaded.' });
  });
});
