/**
 * Bag request round trip: `POST /api/v1/profile/bagRequest` against a running server, as the
 * demo trader, one priced single per request (the bag page's payload: items, notes, currency,
 * total, rate). The server re-prices, stores the request with its snapshot, empties the bag
 * lines and sends two e-mails (to the local outbox unless SMTP_URL is set) before answering,
 * so the round trip is what a customer waits for after SEND REQUEST. Filling the bag before
 * each request is not timed. Figures: median and p90 of `runs` requests after 3 warm-ups.
 *
 *   npx node bench/bag-request.ts [--url http://127.0.0.1:4321] [--runs 20]
 *
 * Without --url it starts the full app (scripts/start.ts) on a fresh temporary database
 * (300 seeded stones; the site is built once, up to a few minutes on a busy machine), or on
 * a copy of `dbFile` when called from bench/run.ts (the cached bench database and its built
 * site, so nothing is rebuilt and the cached file is never written to).
 */
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { onAppCopy } from './app-copy.ts';
import { median, quantile } from './stats.ts';
import { decodeCatalogue } from '../src/domain/catalogue/wire-decode.ts';

const TRADER = { email: 'trader@facet.trade', password: 'Trader#2026' };
export const WARMUP = 3;

type Stone = { _id: number; StkCatType: string; price?: number; WebSpecial?: number };
type Line = { diamondId: number; type: 'single' | 'parcel'; itemPrice: number | null; ppc: number | null };

export type BagRequestResult = { url: string; runs: number; medianMs: number; p90Ms: number; minMs: number };

async function call(url: string, path: string, cookie: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${url}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { cookie, origin: url, ...(init.body ? { 'content-type': 'application/json' } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return { res, json: JSON.parse(text) as unknown };
}

/** Times `runs` bag requests against the server at `url`. */
export async function timeBagRequests(url: string, runs = 20): Promise<BagRequestResult> {
  const login = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(TRADER),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { json: site } = await call(url, '/site', cookie);
  const rates = (site as { fxrates: { currency: string; ExRate: number }[] }).fxrates;
  const exRate = rates.find((r) => r.currency === 'GBP')?.ExRate ?? 1;
  const { json: cat } = await call(url, '/diamonds/catalogue', cookie);
  const singles = (decodeCatalogue(cat) as unknown as Stone[]).filter(
    (d) => d.StkCatType === 'Single Item' && Number(d.price) > 0 && !(Number(d.WebSpecial) > 0),
  );
  if (singles.length < runs + WARMUP) throw new Error(`only ${singles.length} priced singles in stock`);

  // start from an empty bag
  const { json: before } = await call(url, '/profile/bag', cookie);
  for (const l of (before as { bag: Line[] }).bag)
    await call(url, `/profile/bag/${l.diamondId}`, cookie, { method: 'DELETE' });

  const times: number[] = [];
  for (let i = 0; i < runs + WARMUP; i++) {
    await call(url, '/profile/bag', cookie, { method: 'POST', body: { diamondId: singles[i]!._id } });
    const { json } = await call(url, '/profile/bag?ccy=GBP', cookie);
    const bag = (json as { bag: Line[] }).bag;
    const total = Math.round(bag.reduce((s, l) => s + (l.itemPrice ?? 0), 0) * 100) / 100;
    const payload = {
      bagItems: bag.map((l) => ({ stock: l.diamondId, type: l.type, itemPrice: l.itemPrice })),
      orderNotes: `Bench request ${i + 1}`,
      acceptsAnyAlternatives: false,
      ccy: 'GBP',
      totalPrice: total,
      ExRate: exRate,
    };
    const t = performance.now();
    const { json: reply } = await call(url, '/profile/bagRequest', cookie, { method: 'POST', body: payload });
    const ms = performance.now() - t;
    if ((reply as { user?: { bag?: unknown[] } }).user?.bag?.length !== 0) throw new Error('the bag was not emptied');
    if (i >= WARMUP) times.push(ms);
  }
  return { url, runs, medianMs: median(times), p90Ms: quantile(times, 0.9), minMs: Math.min(...times) };
}

/**
 * Starts the full app (on a copy of `dbFile`, or a fresh seeded database) and times the
 * requests. `env` is added to the server's settings last (bench/db-engines.ts passes a
 * DATABASE_URL there to time the same requests on PostgreSQL).
 */
export async function benchBagRequest(
  opts: {
    url?: string;
    dbFile?: string;
    siteDir?: string;
    runs?: number;
    env?: Record<string, string>;
    log?: (s: string) => void;
  } = {},
) {
  if (opts.url) return timeBagRequests(opts.url, opts.runs);
  return onAppCopy(`bag${opts.env?.DATABASE_URL ? ' (PostgreSQL)' : ''}`, opts, (url) =>
    timeBagRequests(url, opts.runs),
  );
}

export function printBagRequest(r: BagRequestResult): void {
  console.log(
    `\nPOST /api/v1/profile/bagRequest  (one single per request, ${r.runs} requests after ${WARMUP} warm-ups)`,
  );
  console.log(`  median ${r.medianMs.toFixed(1)} ms   p90 ${r.p90Ms.toFixed(1)} ms   min ${r.minMs.toFixed(1)} ms`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { url: { type: 'string' }, runs: { type: 'string', default: '20' } } });
  printBagRequest(await benchBagRequest({ url: values.url, runs: Number(values.runs) }));
}
