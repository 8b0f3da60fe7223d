/**
 * The full set's job started by the list page's early script and adopted by the store
 * (src/stores/catalogue-early-set.ts), with the window and the Worker injected: the kept answers
 * are replayed in order, a job is adopted once, a job for another audience is ended, a worker
 * that fails before answering hands the job to the page; and the store's use of it (one worker,
 * no re-pricing when the pricing is the same by value).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FirstPage } from '../../../api/services/catalogue/first-page.ts';
import { encodeCatalogue, type WireDoc } from '../../../src/domain/catalogue/wire.ts';
import {
  startEarlySet,
  startSetJob,
  type EarlySetWindow,
  type SetJobPlace,
} from '../../../src/stores/catalogue-early-set.ts';
import { indexOf, type SetJob, type SetMessage } from '../../../src/stores/catalogue-set-job.ts';
import type { SiteData } from '../../../src/stores/site.ts';
import { RATES, stone } from './factory.ts';

/** A Worker that records what the page did with it and answers when the test says. */
class FakeWorker {
  static made: FakeWorker[] = [];
  onmessage: ((e: { data: SetMessage }) => void) | null = null;
  onerror: (() => void) | null = null;
  onmessageerror: (() => void) | null = null;
  posted: SetJob[] = [];
  terminated = false;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeWorker.made.push(this);
  }
  postMessage(job: SetJob) {
    this.posted.push(job);
  }
  terminate() {
    this.terminated = true;
  }
  answer(msg: SetMessage) {
    this.onmessage?.({ data: msg });
  }
  fail() {
    this.onerror?.();
  }
}
const makeWorker = (url: string) => new FakeWorker(url) as unknown as Worker;
const fake = (w: Worker) => w as unknown as FakeWorker;

const SITE = { ccy: 'USD', fxrates: RATES } as unknown as SiteData;
const ACCOUNT = '7';
const firstFor = (audience: 'trade' | 'visitor') =>
  ({ audience, account: audience === 'trade' ? ACCOUNT : null }) as FirstPage;
const pageWindow = (audience: 'trade' | 'visitor' | null, site: SiteData | null = SITE): EarlySetWindow => ({
  __catalogueFirst: Promise.resolve(audience ? firstFor(audience) : null),
  __siteEarly: Promise.resolve(site),
  __catalogueWorker: '/_astro/catalogue.worker-x.js',
});

const DOCS = [stone({ _id: 1, StkCodeCalcNS: 'FT-1', price: 1000, ExWebTotal: 1000 })].map(
  (d) => Object.fromEntries(Object.entries(d).filter(([k, v]) => v != null && v !== '' && k !== 'media')) as WireDoc,
);
const WIRE = encodeCatalogue(DOCS, { version: '1', audience: 'trade' });
const indexMsg = (stale: boolean, pricing = { ccy: 'USD', rates: RATES }): SetMessage => ({
  kind: 'index',
  audience: 'trade',
  stale,
  index: indexOf(WIRE, pricing),
  since: null,
  kept: null,
});
const ERROR = 'The stock list could not be loaded.';

/** The store's side: what it heard (kind, stale, the job's audience and currency) and where it ran. */
function store(win: EarlySetWindow | null) {
  const heard: string[] = [];
  const ranHere: SetJob[] = [];
  const place: SetJobPlace = {
    win,
    workerUrl: '/_astro/catalogue.worker-x.js',
    makeWorker,
    runHere: (job) => void ranHere.push(job),
    failedMsg: ERROR,
  };
  const start = (job: SetJob) =>
    startSetJob(
      job,
      (msg, built) =>
        heard.push(
          `${msg.kind}${msg.kind === 'index' ? (msg.stale ? ' stale' : ' fresh') : ''}` +
            `${msg.kind === 'error' ? ` ${msg.msg}` : ''} (${built.audience} ${built.pricing?.ccy ?? 'unpriced'})`,
        ),
      place,
    );
  return { heard, ranHere, start };
}
const TRADE_GBP: SetJob = { audience: 'trade', account: ACCOUNT, pricing: { ccy: 'GBP', rates: RATES } };
const VISITOR: SetJob = { audience: 'visitor', account: null, pricing: null };

beforeEach(() => {
  FakeWorker.made = [];
});

describe('the early script starts the set job', () => {
  it('once the first page and the site are in: the first page audience, priced in the site currency', async () => {
    const win = pageWindow('trade');
    const early = await startEarlySet(win, makeWorker);
    expect(FakeWorker.made.map((w) => [w.url, w.posted])).toEqual([
      [
        '/_astro/catalogue.worker-x.js',
        [{ audience: 'trade', account: ACCOUNT, pricing: { ccy: 'USD', rates: RATES }, patch: false }],
      ],
    ]);
    expect(win.__catalogueSet).toBe(early);
  });

  it("in this browser's remembered currency when the site has it (the currency the list will show)", async () => {
    const stored: Record<string, string> = { 'facet.ccy': 'GBP' };
    vi.stubGlobal('localStorage', { getItem: (k: string) => stored[k] ?? null });
    try {
      await startEarlySet(pageWindow('trade'), makeWorker);
      stored['facet.ccy'] = 'XYZ'; // not a currency of the site: the site's own
      await startEarlySet(pageWindow('trade'), makeWorker);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(FakeWorker.made.map((w) => w.posted[0]?.pricing?.ccy)).toEqual(['GBP', 'USD']);
  });

  it('unpriced for a visitor, and for the trade when the site did not answer (GBP when it names no currency)', async () => {
    await startEarlySet(pageWindow('visitor'), makeWorker);
    await startEarlySet(pageWindow('trade', null), makeWorker);
    await startEarlySet(pageWindow('trade', { fxrates: RATES } as unknown as SiteData), makeWorker);
    expect(FakeWorker.made.map((w) => w.posted[0]?.pricing ?? null)).toEqual([
      null,
      null,
      { ccy: 'GBP', rates: RATES },
    ]);
  });

  it('not at all without a first page, a worker URL, a Worker, a Worker that starts, or once the store has started', async () => {
    const none = [
      pageWindow(null),
      { ...pageWindow('trade'), __catalogueWorker: undefined },
      { ...pageWindow('trade'), __catalogueFirst: Promise.reject(new Error('offline')) },
      { ...pageWindow('trade'), __catalogueSet: 'taken' as const },
    ];
    for (const win of none) expect(await startEarlySet(win, makeWorker)).toBeNull();
    expect(await startEarlySet(pageWindow('trade'), null)).toBeNull();
    const blocked = pageWindow('trade');
    const refused = () => {
      throw new Error('blocked by CSP');
    };
    expect(await startEarlySet(blocked, refused)).toBeNull();
    expect(blocked.__catalogueSet).toBeUndefined(); // the store starts its own
    expect(FakeWorker.made).toHaveLength(0);
  });

  it('in the worker the page started at once, with a failure it had before the script came kept', async () => {
    const started = makeWorker('/_astro/catalogue.worker-x.js') as Worker & { failed?: boolean };
    const win = { ...pageWindow('trade'), __catalogueWorkerEarly: started };
    const early = await startEarlySet(win, makeWorker);
    expect(early?.worker).toBe(started);
    expect(FakeWorker.made).toHaveLength(1);
    expect(fake(started).posted).toEqual([
      { audience: 'trade', account: ACCOUNT, pricing: { ccy: 'USD', rates: RATES }, patch: false },
    ]);
    expect(early?.kept).toEqual([]);

    started.failed = true; // as the page's own onerror records it
    const again = await startEarlySet({ ...pageWindow('trade'), __catalogueWorkerEarly: started }, makeWorker);
    expect(again?.kept).toEqual([{ failed: true }]);
  });

  it('ends the worker the page started when there is no first page or the store has started', async () => {
    for (const win of [pageWindow(null), { ...pageWindow('trade'), __catalogueSet: 'taken' as const }]) {
      const started = makeWorker('/_astro/catalogue.worker-x.js');
      expect(await startEarlySet({ ...win, __catalogueWorkerEarly: started }, makeWorker)).toBeNull();
      expect(fake(started).terminated).toBe(true);
      expect(fake(started).posted).toEqual([]);
    }
  });

  it('not once the store has started loading while the answers were on their way', async () => {
    const win = pageWindow('trade');
    const starting = startEarlySet(win, makeWorker);
    store(win).start(TRADE_GBP); // the island was quicker: its own worker
    expect(await starting).toBeNull();
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.made[0]!.posted).toEqual([TRADE_GBP]);
  });
});

describe('the store adopts the early job', () => {
  it('replays the answers kept before it came, in order, then hears the rest, with the job that made them', async () => {
    const win = pageWindow('trade');
    const early = (await startEarlySet(win, makeWorker))!;
    const worker = fake(early.worker);
    worker.answer(indexMsg(true));
    const { heard, start } = store(win);
    const run = start(TRADE_GBP);
    expect(run.job).toBe(early.job); // built for the site's currency, not the store's
    worker.answer(indexMsg(false)); // before the replay: kept behind the first
    expect(heard).toEqual([]); // the caller has its stop before anything is heard
    await Promise.resolve();
    worker.answer({ kind: 'current' });
    expect(heard).toEqual(['index stale (trade USD)', 'index fresh (trade USD)', 'current (trade USD)']);
    expect(FakeWorker.made).toHaveLength(1); // no second worker, no second request
    expect(worker.posted).toHaveLength(1);
    run.stop();
    expect(worker.terminated).toBe(true);
  });

  it('adopts once: a later load of the same audience starts its own worker', async () => {
    const win = pageWindow('trade');
    await startEarlySet(win, makeWorker);
    const { start } = store(win);
    start(TRADE_GBP);
    start(TRADE_GBP);
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.made[1]!.posted).toEqual([TRADE_GBP]);
    expect(win.__catalogueSet).toBe('taken');
  });

  it('ends a job for another audience (signed out meanwhile) and runs its own', async () => {
    const win = pageWindow('trade');
    const early = (await startEarlySet(win, makeWorker))!;
    fake(early.worker).answer(indexMsg(true)); // a priced answer that must never be shown
    const { heard, start } = store(win);
    const run = start(VISITOR);
    expect(fake(early.worker).terminated).toBe(true);
    expect(run.job).toBe(VISITOR);
    expect(FakeWorker.made[1]!.posted).toEqual([VISITOR]);
    await Promise.resolve();
    expect(heard).toEqual([]);
  });

  it("ends a job for another trader's account (signed in as someone else meanwhile) and runs its own", async () => {
    const win = pageWindow('trade');
    const early = (await startEarlySet(win, makeWorker))!;
    fake(early.worker).answer(indexMsg(true)); // the first trader's kept copy: never shown to another
    const { heard, start } = store(win);
    const other: SetJob = { ...TRADE_GBP, account: '8' };
    expect(start(other).job).toBe(other);
    expect(fake(early.worker).terminated).toBe(true);
    expect(FakeWorker.made[1]!.posted).toEqual([other]);
    await Promise.resolve();
    expect(heard).toEqual([]);
  });

  it('runs the job in the page when the adopted worker failed before answering, and hears nothing more from it', async () => {
    const win = pageWindow('trade');
    const early = (await startEarlySet(win, makeWorker))!;
    fake(early.worker).fail();
    fake(early.worker).answer(indexMsg(false));
    const { heard, ranHere, start } = store(win);
    start(TRADE_GBP);
    await Promise.resolve();
    expect(ranHere).toEqual([early.job]);
    expect(fake(early.worker).terminated).toBe(true);
    expect(heard).toEqual([]);
  });

  it('answers an error when the adopted worker fails after an answer (no second run)', async () => {
    const win = pageWindow('trade');
    const early = (await startEarlySet(win, makeWorker))!;
    const { heard, ranHere, start } = store(win);
    start(TRADE_GBP);
    await Promise.resolve();
    fake(early.worker).answer(indexMsg(true));
    fake(early.worker).fail();
    fake(early.worker).fail();
    expect(heard).toEqual(['index stale (trade USD)', `error ${ERROR} (trade USD)`]);
    expect(ranHere).toEqual([]);
  });
});

describe('the store without an early job', () => {
  it('starts its worker, and runs in the page when it fails before answering or cannot start', () => {
    const { heard, ranHere, start } = store(null);
    start(TRADE_GBP);
    const worker = FakeWorker.made[0]!;
    expect(worker.posted).toEqual([TRADE_GBP]);
    worker.fail();
    expect(ranHere).toEqual([TRADE_GBP]);
    expect(heard).toEqual([]);

    const noWorker = store(pageWindow('trade'));
    const run = startSetJob(VISITOR, () => {}, {
      win: null,
      workerUrl: 'x',
      makeWorker: null,
      runHere: (job) => void noWorker.ranHere.push(job),
      failedMsg: ERROR,
    });
    expect(run.job).toBe(VISITOR);
    expect(noWorker.ranHere).toEqual([VISITOR]);
  });
});

describe('the store loading through the early job', () => {
  const SENTINEL = 12345; // a price the main thread would overwrite if it re-priced
  beforeEach(() => {
    vi.resetModules(); // the store reads the window and Worker when it loads
    vi.stubGlobal('Worker', FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  async function adopted(storePricing: { ccy: string; rates: typeof RATES }) {
    const win = pageWindow('trade');
    vi.stubGlobal('window', win);
    const early = (await startEarlySet(win, makeWorker))!;
    const { $catalogue, loadCatalogue } = await import('../../../src/stores/catalogue.ts');
    const msg = indexMsg(false, structuredClone({ ccy: 'USD', rates: RATES })); // as a worker sends it
    if (msg.kind === 'index') msg.index.price[0] = SENTINEL;
    fake(early.worker).answer(msg);
    const index = await loadCatalogue({ audience: 'trade', account: ACCOUNT }, storePricing);
    return { index, state: $catalogue.get() };
  }

  it('shows the early index as built when the pricing is the same by value (a copy of the rates)', async () => {
    const usd = { ccy: 'USD', rates: structuredClone(RATES) };
    const { index, state } = await adopted(usd);
    expect(FakeWorker.made).toHaveLength(1);
    expect(state).toMatchObject({ status: 'ready', audience: 'trade', stale: false });
    expect(index?.pricing).toBe(usd);
    expect(index?.price[0]).toBe(SENTINEL);
  });

  it('re-prices it when the currency or a rate differs', async () => {
    const gbp = { ccy: 'GBP', rates: RATES };
    const { index } = await adopted(gbp);
    expect(index?.pricing).toBe(gbp);
    expect(index?.price[0]).toBe(800); // 1000 USD at 1.25 USD to the pound

    vi.resetModules();
    FakeWorker.made = [];
    const moved = { ccy: 'USD', rates: RATES.map((r) => (r.currency === 'USD' ? { ...r, ExRate: 2 } : r)) };
    const again = await adopted(moved);
    expect(again.index?.price[0]).toBe(1000); // re-priced from the stone's own USD price
  });
});
