/**
 * The catalogue's set job (src/stores/catalogue-set-job.ts), the function the Web Worker runs:
 * its messages, the transfer list, an index that survives the trip to the page unchanged, and
 * the kept copies (catalogue-set.ts): one per owner, a trader's under their account.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allDocs, prepareCatalogue, type CatalogueIndex } from '../../../src/domain/catalogue/prepare.ts';
import { sortOrder } from '../../../src/domain/catalogue/sort.ts';
import { sliderHistograms } from '../../../src/domain/catalogue/histograms.ts';
import { MAIN_TABS } from '../../../src/domain/catalogue/tabs.ts';
import { encodeCatalogue, type WireDoc } from '../../../src/domain/catalogue/wire.ts';
import { decodeCatalogue } from '../../../src/domain/catalogue/wire-decode.ts';
import { copyName } from '../../../src/stores/catalogue-set.ts';
import { runSetJob, type SetJob, type SetMessage } from '../../../src/stores/catalogue-set-job.ts';
import { asVisitor, parcel, RATES, stone } from './factory.ts';

const PRICING = { ccy: 'USD', rates: RATES };
const slim = (d: object) =>
  Object.fromEntries(Object.entries(d).filter(([k, v]) => v != null && v !== '' && k !== 'media')) as WireDoc;
const TRADE_DOCS = [
  stone({ _id: 1, StkCodeCalcNS: 'FT-1', price: 1200, ExWebTotal: 1200 }),
  stone({ _id: 2, StkCodeCalcNS: 'FT-2', StkShape: 'Oval', price: 900, WebSpecial: 800 }),
  parcel({ _id: 3, StkCodeCalcNS: 'P-3', ppc: 410.25 }),
].map(slim);
const wireOf = (audience: 'trade' | 'visitor') =>
  encodeCatalogue(audience === 'trade' ? TRADE_DOCS : TRADE_DOCS.map((d) => slim(asVisitor(d as never))), {
    version: '7',
    audience,
  });

type Sent = { msg: SetMessage; transfer: Transferable[] };

/** An index as what it answers: every filter and sort column, and every stone as its doc. */
const answers = (ix: CatalogueIndex) => ({
  ...ix,
  cols: undefined,
  made: undefined,
  docs: allDocs(ix),
  orders: sortOrder(ix, 'createdAt'),
  histograms: MAIN_TABS.map((tab) => sliderHistograms(ix, tab, ix.bounds[tab].weight)),
});

async function run(job: SetJob): Promise<Sent[]> {
  const sent: Sent[] = [];
  await runSetJob(job, (msg, transfer) => sent.push({ msg, transfer }));
  return sent;
}

function answer(status: number, body: unknown, etag = '"cat-trade-a"', seq?: number) {
  const headers: Record<string, string> = seq == null ? { etag } : { etag, 'Facet-Live-Seq': String(seq) };
  return vi.fn(async (_url: string, _init?: RequestInit) =>
    status === 304 ? new Response(null, { status }) : new Response(JSON.stringify(body), { status, headers }),
  );
}

/** Cache Storage with kept bodies (or none), recording what is read, put and deleted. */
function fakeCaches(kept: Record<string, { body: unknown; etag: string; seq?: number }>) {
  const log: string[] = [];
  const urlOf = (key: string | { url: string }) => (typeof key === 'string' ? key : key.url);
  const cache = {
    match: async (key: string) => {
      log.push(`read ${key}`);
      const k = kept[key];
      const seq: Record<string, string> = k?.seq == null ? {} : { 'facet-live-seq': String(k.seq) };
      return k ? new Response(JSON.stringify(k.body), { headers: { etag: k.etag, ...seq } }) : undefined;
    },
    keys: async () => Object.keys(kept).map((url) => ({ url })),
    put: async (key: string) => void log.push(`put ${key}`),
    delete: async (key: string | { url: string }) => {
      log.push(`delete ${urlOf(key)}`);
      return delete kept[urlOf(key)];
    },
  };
  vi.stubGlobal('caches', { open: async () => cache });
  return log;
}
const COPY = '/api/v1/diamonds/catalogue?copy=';
const TRADER = { audience: 'trade', account: '7' } as const;
const VISITOR = { audience: 'visitor', account: null } as const;

afterEach(() => vi.unstubAllGlobals());

describe('the set job', () => {
  it('answers once with the fresh index, priced for the trade, every typed array in the transfer list', async () => {
    const fetch = answer(200, wireOf('trade'));
    vi.stubGlobal('fetch', fetch);
    const sent = await run({ ...TRADER, pricing: PRICING });
    expect(sent.map((s) => s.msg.kind)).toEqual(['index']);
    const { msg, transfer } = sent[0]!;
    if (msg.kind !== 'index') throw new Error('no index');
    expect(msg).toMatchObject({ audience: 'trade', stale: false });
    expect(answers(msg.index)).toEqual(answers(prepareCatalogue(decodeCatalogue(wireOf('trade')), PRICING)));
    expect([msg.index.pricing?.ccy, msg.index.price[0], msg.index.price[1]]).toEqual(['USD', 1200, 800]);
    const buffers = new Set(transfer);
    for (const v of [...Object.values(msg.index), ...Object.values(msg.index.tabRows)])
      if (ArrayBuffer.isView(v)) expect(buffers.has(v.buffer)).toBe(true);
    expect(transfer.length).toBe(buffers.size); // each buffer once, or postMessage throws
    // the columns cross as typed arrays too, and the load order comes ready
    const { num, dict, str } = msg.index.cols;
    for (const v of [
      ...Object.values(num),
      ...Object.values(dict).map((d) => d.i),
      ...Object.values(str).map((s) => s.num),
    ])
      expect(buffers.has(v.buffer)).toBe(true);
    expect(msg.index.orders.has('createdAt')).toBe(true);
    expect(fetch.mock.calls[0]![1]?.headers).not.toHaveProperty('If-None-Match');
  });

  it('never prices a visitor set, whatever pricing it is given', async () => {
    vi.stubGlobal('fetch', answer(200, wireOf('visitor'), '"cat-visitor-a"'));
    const [first] = await run({ ...VISITOR, pricing: PRICING });
    if (first?.msg.kind !== 'index') throw new Error('no index');
    expect(first.msg.index.pricing).toBeNull();
    expect(Array.from(first.msg.index.price).every(Number.isNaN)).toBe(true);
    expect(allDocs(first.msg.index).some((d) => d.price != null || d.ExWebTotal != null)).toBe(false);
    expect(Object.keys(first.msg.index.cols.num)).not.toContain('price');
  });

  it('answers the kept copy first (stale), then "current" when the server says 304 to its ETag', async () => {
    const log = fakeCaches({ [`${COPY}trade-7`]: { body: wireOf('trade'), etag: '"cat-trade-a"' } });
    const fetch = answer(304, null);
    vi.stubGlobal('fetch', fetch);
    const sent = await run({ ...TRADER, pricing: PRICING });
    expect(sent.map((s) => [s.msg.kind, s.msg.kind === 'index' && s.msg.stale])).toEqual([
      ['index', true],
      ['current', false],
    ]);
    expect(fetch.mock.calls[0]![1]?.headers).toMatchObject({ 'If-None-Match': '"cat-trade-a"' });
    expect(log).toEqual([`read ${COPY}trade-7`]);
  });

  it('with the live stream to bring it up to date, answers a kept copy as current from its sequence, and asks nothing', async () => {
    fakeCaches({ [`${COPY}trade-7`]: { body: wireOf('trade'), etag: '"cat-trade-a"', seq: 41 } });
    const fetch = answer(200, wireOf('trade'));
    vi.stubGlobal('fetch', fetch);
    const sent = await run({ ...TRADER, pricing: PRICING, patch: true });
    expect(sent.map((s) => s.msg.kind === 'index' && [s.msg.stale, s.msg.since])).toEqual([[false, 41]]);
    expect(fetch).not.toHaveBeenCalled();
    // a reload (the stream was too far behind), or a copy that names no sequence: revalidated as before
    const again = await run({ ...TRADER, pricing: PRICING, patch: false });
    expect(again.map((s) => s.msg.kind === 'index' && [s.msg.stale, s.msg.since])).toEqual([
      [true, 41],
      [false, null],
    ]);
    fakeCaches({ [`${COPY}trade-7`]: { body: wireOf('trade'), etag: '"cat-trade-a"' } });
    vi.stubGlobal('fetch', answer(304, null));
    const unnamed = await run({ ...TRADER, pricing: PRICING, patch: true });
    expect(unnamed.map((s) => s.msg.kind)).toEqual(['index', 'current']);
  });

  it("names a fresh set's sequence from the server's answer", async () => {
    fakeCaches({});
    vi.stubGlobal('fetch', answer(200, wireOf('trade'), '"cat-trade-b"', 97));
    const [first] = await run({ ...TRADER, pricing: PRICING, patch: true });
    expect(first?.msg).toMatchObject({ kind: 'index', stale: false, since: 97 });
  });

  it("a trader's job reads and keeps only their own account's copy, and drops another trader's first", async () => {
    const log = fakeCaches({
      [`${COPY}trade-8`]: { body: wireOf('trade'), etag: '"cat-trade-a"' },
      [`${COPY}visitor`]: { body: wireOf('visitor'), etag: '"cat-visitor-a"' },
    });
    const fetch = answer(200, wireOf('trade'));
    vi.stubGlobal('fetch', fetch);
    const sent = await run({ ...TRADER, pricing: PRICING });
    expect(sent.map((s) => s.msg.kind === 'index' && s.msg.stale)).toEqual([false]); // nothing painted from 8's copy
    expect(fetch.mock.calls[0]![1]?.headers).not.toHaveProperty('If-None-Match');
    await vi.waitFor(() => expect(log).toEqual([`delete ${COPY}trade-8`, `read ${COPY}trade-7`, `put ${COPY}trade-7`]));
  });

  it("as a visitor drops every trader's copy before anything else and keeps the public one", async () => {
    const log = fakeCaches({
      [`${COPY}trade-7`]: { body: wireOf('trade'), etag: '"cat-trade-a"' },
      [`${COPY}trade`]: { body: wireOf('trade'), etag: '"cat-trade-a"' }, // as kept before copies were per account
      [`${COPY}visitor`]: { body: wireOf('visitor'), etag: '"cat-visitor-a"' },
    });
    vi.stubGlobal('fetch', answer(304, null));
    await run({ ...VISITOR, pricing: null });
    expect(log).toEqual([`delete ${COPY}trade-7`, `delete ${COPY}trade`, `read ${COPY}visitor`]);
  });

  it("keeps a visitor's answer to a trader's job (the session ended meanwhile) as the public copy", async () => {
    const log = fakeCaches({});
    vi.stubGlobal('fetch', answer(200, wireOf('visitor'), '"cat-visitor-a"'));
    await run({ ...TRADER, pricing: PRICING });
    await vi.waitFor(() => expect(log.filter((l) => l.startsWith('put'))).toEqual([`put ${COPY}visitor`]));
  });

  it('names the copies: the public one, a trader by account, none for a trader of no known account', () => {
    expect([copyName(VISITOR), copyName(TRADER), copyName({ audience: 'trade', account: null })]).toEqual([
      'visitor',
      'trade-7',
      null,
    ]);
  });

  it('answers an error message for a failed request and for no connection', async () => {
    vi.stubGlobal('fetch', answer(500, { errors: { msg: 'boom' } }));
    expect((await run({ ...TRADER, pricing: null })).map((s) => s.msg)).toEqual([
      { kind: 'error', msg: 'The stock list could not be loaded.' },
    ]);
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    expect((await run({ ...TRADER, pricing: null })).map((s) => s.msg)).toEqual([
      { kind: 'error', msg: 'We could not reach the server. Please check your connection.' },
    ]);
  });

  it('gives the page the same index after a structured clone with the transfer list, buffers moved', async () => {
    vi.stubGlobal('fetch', answer(200, wireOf('trade')));
    const [{ msg, transfer } = { msg: null, transfer: [] }] = await run({ ...TRADER, pricing: PRICING });
    if (msg?.kind !== 'index') throw new Error('no index');
    const expected = prepareCatalogue(decodeCatalogue(wireOf('trade')), PRICING);
    const received = structuredClone(msg, { transfer });
    expect(msg.index.weight.byteLength).toBe(0); // moved, not copied
    expect(answers(received.index)).toEqual(answers(expected));
  });
});
