/**
 * The server figures of the catalogue set (bench/catalogue-scale.ts), with the
 * trader's cookie against a running app:
 *
 * - ms per cached set request, gzip and brotli: the route's own `Server-Timing` (median of 50,
 *   one request at a time), and the whole request seen by the client (to the last byte);
 * - requests/s at 50 connections (brotli) and revalidations (If-None-Match, 304)/s: wrk (or
 *   autocannon) in a child process, so the load generator is not the server's own event loop
 *   (it still shares the machine's cores), with the server's CPU time per request meanwhile;
 * - the first build of the trader's set, with /api/v1/health called one request after another
 *   meanwhile (its p50/p99: does the build stall other requests?), and the time until the
 *   densest brotli replaces the quick one, with its bytes.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from 'node:zlib';
import { BROTLI_BEST } from '../api/services/catalogue/set-worker.ts';
import { ROOT } from './diamonds-http.ts';
import { median, quantile } from './stats.ts';

export const SET = '/api/v1/diamonds/catalogue';
const run = promisify(execFile);

type Answer = {
  status: number;
  ms: number;
  clientMs: number;
  bytes: number;
  etag: string;
  encoding: string;
  body: Buffer;
};

function get(url: string, path: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((done, fail) => {
    const t0 = performance.now();
    const req = request(`${url}${path}`, { headers }, (res) => {
      let bytes = 0;
      const chunks: Buffer[] = [];
      res.on('data', (d: Buffer) => {
        bytes += d.length;
        chunks.push(d);
      });
      res.on('end', () => {
        const m = /dur=([\d.]+)/.exec(String(res.headers['server-timing'] ?? ''));
        done({
          status: res.statusCode ?? 0,
          ms: m ? Number(m[1]) : NaN,
          clientMs: performance.now() - t0,
          bytes,
          etag: String(res.headers.etag ?? ''),
          encoding: String(res.headers['content-encoding'] ?? ''),
          body: Buffer.concat(chunks),
        });
      });
    });
    req.on('error', fail);
    req.end();
  });
}

/** CPU time (user + system, all threads) the process has used so far, in ms (Linux /proc). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in 1/100 s
}

/**
 * Requests/s at `connections` from a load generator in its own process: wrk (C, Debian's
 * `wrk` package) when installed, else autocannon, whose JavaScript parser spends more CPU
 * reading a 1 MB answer than the server spends sending it. With the server's CPU time per
 * request meanwhile (all its threads).
 */
async function rpsAt(
  url: string,
  connections: number,
  headers: Record<string, string>,
  pid: number,
): Promise<{ rps: number; cpuMsPerRequest: number; tool: string }> {
  const cpu0 = cpuMs(pid);
  let rps: number;
  let total: number;
  let tool = 'wrk';
  try {
    const args = [
      '-t1',
      `-c${connections}`,
      '-d10s',
      ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
      url,
    ];
    const { stdout } = await run('wrk', args);
    rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1]);
    total = Number(/(\d+) requests in/.exec(stdout)?.[1]);
  } catch {
    tool = 'autocannon';
    const args = [
      '-j',
      '-c',
      String(connections),
      '-d',
      '10',
      ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]),
      url,
    ];
    const { stdout } = await run(join(ROOT, 'node_modules/.bin/autocannon'), args, { maxBuffer: 16 * 2 ** 20 });
    const r = JSON.parse(stdout) as { requests: { average: number; total: number } };
    rps = r.requests.average;
    total = r.requests.total;
  }
  return { rps, cpuMsPerRequest: (cpuMs(pid) - cpu0) / total, tool };
}

export type ServerFigures = {
  gzipMs: number;
  brotliMs: number;
  gzipClientMs: number;
  brotliClientMs: number;
  gzipBytes: number;
  brotliBytes: number;
  rps50: number;
  /** the server's CPU time per request during the run at 50 connections */
  cpuMsPerRequest: number;
  rps50NotModified: number;
  loadTool: string;
};
export type BuildFigures = {
  buildMs: number;
  healthP50: number;
  healthP99: number;
  healthCalls: number;
  bestBrotliMs: number;
  bestBrotliBytes: number;
};

/**
 * The first build of the trader's set (the app warms the visitor's set, then the trader's, as
 * it starts): asked for while /api/v1/health is called one request after another; then the
 * wait until the densest brotli replaces the quick one.
 */
export async function firstBuild(url: string, cookie: string): Promise<BuildFigures> {
  const t0 = performance.now();
  let building = true;
  const health: number[] = [];
  const probe = (async () => {
    while (building) health.push((await get(url, '/api/v1/health', {})).clientMs);
  })();
  const built = await get(url, SET, { cookie, 'accept-encoding': 'br' });
  const buildMs = performance.now() - t0;
  building = false;
  await probe;
  // the densest brotli's size, made here with the server's settings: the wait ends when it is
  // served (at once when the server had finished it before the first request)
  const raw = brotliDecompressSync(built.body);
  const densest = brotliCompressSync(raw, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_BEST.quality,
      [zlibConstants.BROTLI_PARAM_LGWIN]: BROTLI_BEST.window,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  }).length;
  let best = built;
  while (best.bytes > densest && performance.now() - t0 < buildMs + 300_000) {
    await new Promise((r) => setTimeout(r, 250));
    best = await get(url, SET, { cookie, 'accept-encoding': 'br' });
  }
  return {
    buildMs,
    healthP50: median(health),
    healthP99: quantile(health, 0.99),
    healthCalls: health.length,
    bestBrotliMs: best.bytes <= densest ? (best === built ? buildMs : performance.now() - t0) : NaN,
    bestBrotliBytes: best.bytes,
  };
}

export async function serverFigures(url: string, cookie: string, pid: number): Promise<ServerFigures> {
  const per = async (encoding: string) => {
    await get(url, SET, { cookie, 'accept-encoding': encoding }); // built and cached
    const xs: Answer[] = [];
    for (let i = 0; i < 50; i++) xs.push(await get(url, SET, { cookie, 'accept-encoding': encoding }));
    if (xs.some((x) => x.encoding !== encoding)) throw new Error(`no ${encoding} answer`);
    return { ms: median(xs.map((x) => x.ms)), clientMs: median(xs.map((x) => x.clientMs)), last: xs.at(-1)! };
  };
  const gz = await per('gzip');
  const br = await per('br');
  const rps = await rpsAt(`${url}${SET}`, 50, { cookie, 'accept-encoding': 'br' }, pid);
  // a browser with a kept copy revalidates: 304 and no body
  const rps304 = await rpsAt(
    `${url}${SET}`,
    50,
    { cookie, 'accept-encoding': 'br', 'if-none-match': br.last.etag },
    pid,
  );

  return {
    gzipMs: gz.ms,
    brotliMs: br.ms,
    gzipClientMs: gz.clientMs,
    brotliClientMs: br.clientMs,
    gzipBytes: gz.last.bytes,
    brotliBytes: br.last.bytes,
    rps50: rps.rps,
    cpuMsPerRequest: rps.cpuMsPerRequest,
    rps50NotModified: rps304.rps,
    loadTool: rps.tool,
  };
}
