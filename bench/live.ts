/**
 * `npm run bench -- --live`: live stock at scale (GET /api/v1/live).
 *
 *   npm run bench -- --live [--streams 2000] [--events 20] [--duration 10]
 *   npm run bench -- --live --nodes 2 [--streams 1000]     # PostgreSQL, --streams on each node
 *
 * One node (SQLite, a copy of the cached 3,600-stone bench database) or two nodes on one
 * throwaway PostgreSQL, each the API of an app node (bench/live-server.ts, no static site).
 * The bench signs the demo trader in, then:
 * 1. the list call (`GET /api/v1/diamonds?page=1&limit=100`, autocannon, 10 connections)
 *    for --duration seconds with no stream open;
 * 2. opens --streams trader streams per node (plain sockets) and reads the nodes' memory
 *    (RSS) before and after: memory per open stream, twice: on a cold node (the first streams
 *    of the process, as read straight away: this includes the garbage collector's own growth
 *    under the burst, a one-time cost of the process), then on a warm node (those streams
 *    closed, the same number opened again, each reading after a full collection): what an
 *    open stream keeps;
 * 3. --events times: a hold placed (or released) through the first node's API, and the time
 *    from sending it to each stream's receipt of its event (so it includes the hold's own
 *    round trip, printed beside it): p50 and p99 over every stream and hold;
 * 4. the list call again with every stream open.
 * Prints a table; figures only, no pass/fail. Run it on a quiet machine.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { load, startServer, type Server } from './diamonds-http.ts';
import { seededDb } from './seeded-db.ts';
import { quantile } from './stats.ts';

const log = (line: string) => console.log(`[bench:live] ${line}`);
const TRADER = { email: 'trader@facet.trade', password: 'Trader#2026' };
const LIST = '/api/v1/diamonds?page=1&limit=100';

type Stream = { req: http.ClientRequest; seen: Map<number, number>; ready: Promise<void> };
type Memory = { rss: number; heapUsed: number; external: number };

/** The resident memory of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

/** A trader's stream on `url`: records when each `stone` event (by change sequence) arrived. */
function openStream(url: string, cookie: string): Stream {
  const seen = new Map<number, number>();
  let ready!: () => void;
  const stream: Stream = { req: null as never, seen, ready: new Promise((r) => (ready = r)) };
  stream.req = http.get(`${url}/api/v1/live`, { headers: { cookie }, agent: false }, (res) => {
    let buffer = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      const at = performance.now();
      buffer += chunk;
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const frame = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        if (frame.includes('event: ready')) ready();
        const id = /^id: (\d+)$/m.exec(frame);
        if (id && frame.includes('event: stone')) seen.set(Number(id[1]), at);
      }
    });
  });
  stream.req.on('error', () => undefined);
  return stream;
}

/** A node's memory after a full collection (bench/live-server.ts). */
async function memoryOf(url: string): Promise<Memory> {
  return (await (await fetch(`${url}/bench/memory`)).json()) as Memory;
}

/** Memory a stream on `nodes` between two readings, resident and of it the JavaScript heap. */
function perStream(before: Memory[], after: Memory[], streams: number) {
  const sum = (f: (m: Memory) => number) => after.reduce((s, a, i) => s + f(a) - f(before[i]!), 0) / streams;
  return { rss: sum((m) => m.rss), heap: sum((m) => m.heapUsed + m.external) };
}

async function signIn(url: string): Promise<string> {
  const res = await fetch(`${url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TRADER),
  });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function singles(url: string, cookie: string, n: number): Promise<number[]> {
  const res = await fetch(`${url}${LIST}`, { headers: { cookie } });
  const docs = ((await res.json()) as { docs: { _id: number; StkCatType: string }[] }).docs;
  return docs
    .filter((d) => d.StkCatType === 'Single Item')
    .map((d) => d._id)
    .slice(0, n);
}

export type LiveFigures = {
  nodes: number;
  streams: number;
  events: number;
  p50: number;
  p99: number;
  holdMs: number;
  bytesPerStream: number;
  warmBytesPerStream: number;
  warmHeapPerStream: number;
  listAlone: number;
  listWithStreams: number;
};

/** The bench on running nodes (the first takes the writes). */
export async function benchLive(
  nodes: Server[],
  opts: { streams: number; events: number; duration: number },
): Promise<LiveFigures> {
  const url = nodes[0]!.url;
  const cookie = await signIn(url);
  log(`list call alone (${opts.duration} s) ...`);
  const alone = (await load(url + LIST, 10, opts.duration)).requests.average;
  const before = nodes.map((n) => rssOf(n.child.pid!));
  log(`opening ${opts.streams} streams on each of ${nodes.length} node(s) ...`);
  const open = async () => {
    const opened = nodes.flatMap((n) => Array.from({ length: opts.streams }, () => openStream(n.url, cookie)));
    await Promise.all(opened.map((s) => s.ready));
    await new Promise((r) => setTimeout(r, 500));
    return opened;
  };
  const cold = await open();
  const after = nodes.map((n) => rssOf(n.child.pid!));
  const bytesPerStream = after.reduce((s, a, i) => s + a - before[i]!, 0) / cold.length;
  log('closing them, and opening as many again on the warm node(s) ...');
  for (const s of cold) s.req.destroy();
  await new Promise((r) => setTimeout(r, 1000));
  const warmBefore = await Promise.all(nodes.map((n) => memoryOf(n.url)));
  const streams = await open();
  const warm = perStream(warmBefore, await Promise.all(nodes.map((n) => memoryOf(n.url))), streams.length);

  const stones = await singles(url, cookie, 3);
  const latencies: number[] = [];
  const holdRoundTrips: number[] = [];
  let events = 0;
  let holdId: number | null = null;
  const newest = () => Math.max(0, ...streams.flatMap((s) => [...s.seen.keys()]));
  let lastSeq = newest();
  for (let i = 0; i < opts.events; i++) {
    const t0 = performance.now();
    const res: Response =
      holdId == null
        ? await fetch(`${url}/api/v1/holds`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ diamondId: stones[0] }),
          })
        : await fetch(`${url}/api/v1/holds/${holdId}`, { method: 'DELETE', headers: { cookie } });
    holdRoundTrips.push(performance.now() - t0);
    if (!res.ok) throw new Error(`hold: ${res.status} ${await res.text()}`);
    holdId = holdId == null ? ((await res.json()) as { id: number }).id : null;
    // every stream hears the event (the first sequence after the last one)
    const deadline = Date.now() + 10_000;
    const arrived = (s: Stream) => [...s.seen].find(([seq]) => seq > lastSeq)?.[1];
    while (!streams.every((s) => arrived(s) !== undefined)) {
      if (Date.now() > deadline) throw new Error('not every stream received the hold event within 10 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    for (const s of streams) latencies.push(arrived(s)! - t0);
    lastSeq = newest();
    events++;
  }
  log(`list call with ${streams.length} streams open (${opts.duration} s) ...`);
  const withStreams = (await load(url + LIST, 10, opts.duration)).requests.average;
  for (const s of streams) s.req.destroy();
  return {
    nodes: nodes.length,
    streams: streams.length,
    events,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    holdMs: quantile(holdRoundTrips, 0.5),
    bytesPerStream,
    warmBytesPerStream: warm.rss,
    warmHeapPerStream: warm.heap,
    listAlone: alone,
    listWithStreams: withStreams,
  };
}

export function printLive(f: LiveFigures): void {
  const rows: [string, string][] = [
    ['nodes', `${f.nodes}${f.nodes > 1 ? ' (PostgreSQL, writes through the first)' : ' (SQLite)'}`],
    ['open streams', String(f.streams)],
    ['hold events', String(f.events)],
    ['hold call (median)', `${f.holdMs.toFixed(1)} ms`],
    ['sent -> received p50', `${f.p50.toFixed(1)} ms`],
    ['sent -> received p99', `${f.p99.toFixed(1)} ms`],
    ['memory a stream, cold node', `${(f.bytesPerStream / 1024).toFixed(1)} KiB`],
    ['memory a stream, warm node', `${(f.warmBytesPerStream / 1024).toFixed(1)} KiB`],
    ['  of it the JS heap', `${(f.warmHeapPerStream / 1024).toFixed(1)} KiB`],
    ['list call, no stream', `${f.listAlone.toFixed(0)} req/s`],
    ['list call, streams open', `${f.listWithStreams.toFixed(0)} req/s`],
  ];
  console.log('\nLive stock (GET /api/v1/live)');
  for (const [k, v] of rows) console.log(`  ${k.padEnd(26)} ${v}`);
}

export async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--live'),
    options: {
      streams: { type: 'string' },
      events: { type: 'string', default: '20' },
      duration: { type: 'string', default: '10' },
      nodes: { type: 'string', default: '1' },
    },
  });
  const nodeCount = Number(values.nodes);
  const opts = {
    streams: Number(values.streams ?? (nodeCount > 1 ? 1000 : 2000)),
    events: Number(values.events),
    duration: Number(values.duration),
  };
  const dir = mkdtempSync(join(tmpdir(), 'facet-bench-live-'));
  const servers: Server[] = [];
  let cluster: { stop(): Promise<void> } | null = null;
  try {
    const common = {
      LOG_REQUESTS: 'false',
      RATE_LIMIT_FACTOR: '1000',
      MAIL_TRANSPORT: 'log',
      NODE_OPTIONS: '--expose-gc', // the memory readings after a full collection
    };
    if (nodeCount > 1) {
      const { startPgCluster } = await import('../tests/support/pg-cluster.ts');
      const pg = await startPgCluster({ log });
      cluster = pg;
      await pg.createDatabase('live');
      const env = { ...common, DATABASE_URL: pg.url('live'), SEED_STONES: '3600' };
      // the first seeds, the others find it done
      servers.push(await startServer('node 1', 'bench/live-server.ts', env, 300_000));
      for (let i = 2; i <= nodeCount; i++)
        servers.push(await startServer(`node ${i}`, 'bench/live-server.ts', env, 120_000));
    } else {
      const cached = await seededDb(3600, log);
      const file = join(dir, 'live.db');
      copyFileSync(cached, file);
      servers.push(await startServer('node', 'bench/live-server.ts', { ...common, DATABASE_PATH: file }, 120_000));
    }
    printLive(await benchLive(servers, opts));
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await cluster?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
