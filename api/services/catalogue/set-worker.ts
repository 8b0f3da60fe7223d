/**
 * The worker thread that turns stock rows into the catalogue set's stored bodies
 * (catalogue-payload.ts sends the rows slice by slice as it reads them): list docs, the
 * columnar wire format, its JSON, the ETag hash and the compressed copies. Everything but the
 * database reads happens here, so building 200,000 stones never holds up the server's event
 * loop.
 *
 * Compression runs on libuv's thread pool: gzip level 6 (level 9 took six times longer for 3%
 * fewer bytes) and a quick brotli (quality 5) come back with the body; the densest brotli
 * (quality 10, 16 MB window: about 8% smaller than quality 9, half the time of quality 11)
 * follows as a separate message when it is done.
 *
 * Messages in:  { op: 'start', job, version, audience } | { op: 'rows', job, rows, with360 }
 *               | { op: 'finish', job }
 * Messages out: { job, op: 'ack' } (a slice taken) | { job, op: 'built', raw, gzip, br, etag, n }
 *               | { job, op: 'best', br } | { job, op: 'error', error }
 */
import { createHash } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { catalogueEncoder } from '../../../src/domain/catalogue/wire.ts';
import { asStockRow, slimDoc, type ListRow } from './list-docs.ts';
import { toDiamondDoc } from './diamond-docs.ts';

export type Audience = 'visitor' | 'trade';
export type SetWorkerRequest =
  | { op: 'start'; job: number; version: string; audience: Audience }
  | { op: 'rows'; job: number; rows: ListRow[]; with360: boolean[] }
  | { op: 'finish'; job: number };
export type SetWorkerAnswer =
  | { job: number; op: 'ack' }
  | { job: number; op: 'built'; raw: Uint8Array; gzip: Uint8Array; br: Uint8Array; etag: string; n: number }
  | { job: number; op: 'best'; br: Uint8Array }
  | { job: number; op: 'error'; error: string };

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
export const BROTLI_QUICK = { quality: 5, window: 22 };
export const BROTLI_BEST = { quality: 10, window: 24 };
const GZIP_LEVEL = 6;

const brotli = (raw: Buffer, o: { quality: number; window: number }) =>
  brotliAsync(raw, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: o.quality,
      [zlibConstants.BROTLI_PARAM_LGWIN]: o.window,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });

type Job = { audience: Audience; encoder: ReturnType<typeof catalogueEncoder> };
const jobs = new Map<number, Job>();

/** The bytes and, when they own their whole memory, the memory to hand over without a copy. */
function movable(b: Buffer): { bytes: Uint8Array; transfer: ArrayBuffer[] } {
  const whole = b.byteOffset === 0 && b.byteLength === b.buffer.byteLength;
  const bytes = whole ? b : new Uint8Array(b);
  return { bytes, transfer: [bytes.buffer as ArrayBuffer] };
}

async function finish(job: number, j: Job): Promise<void> {
  const wire = j.encoder.finish();
  const raw = Buffer.from(JSON.stringify(wire));
  const tag = createHash('sha256').update(raw).digest('base64url').slice(0, 24);
  const [gz, br] = await Promise.all([gzipAsync(raw, { level: GZIP_LEVEL }), brotli(raw, BROTLI_QUICK)]);
  const best = brotli(raw, BROTLI_BEST); // started now: the pool works on it while the body is sent
  const parts = [movable(gz), movable(br)];
  const rawCopy = new Uint8Array(raw); // raw is still read by the densest brotli
  parentPort!.postMessage(
    {
      job,
      op: 'built',
      raw: rawCopy,
      gzip: parts[0]!.bytes,
      br: parts[1]!.bytes,
      etag: `"cat-${j.audience}-${tag}"`,
      n: wire.n,
    } satisfies SetWorkerAnswer,
    [rawCopy.buffer, ...parts.flatMap((p) => p.transfer)],
  );
  const m = movable(await best);
  parentPort!.postMessage({ job, op: 'best', br: m.bytes } satisfies SetWorkerAnswer, m.transfer);
}

function handle(m: SetWorkerRequest): void {
  if (m.op === 'start') {
    jobs.set(m.job, {
      audience: m.audience,
      encoder: catalogueEncoder({ version: m.version, audience: m.audience }),
    });
    return;
  }
  const j = jobs.get(m.job);
  if (!j) throw new Error(`no catalogue build ${m.job}`);
  if (m.op === 'rows') {
    const authorised = j.audience === 'trade';
    for (let i = 0; i < m.rows.length; i++)
      j.encoder.push(slimDoc(toDiamondDoc(asStockRow(m.rows[i]!), authorised), m.with360[i]!));
    parentPort!.postMessage({ job: m.job, op: 'ack' } satisfies SetWorkerAnswer);
    return;
  }
  jobs.delete(m.job);
  finish(m.job, j).catch((err: unknown) => fail(m.job, err));
}

function fail(job: number, err: unknown): void {
  jobs.delete(job);
  parentPort!.postMessage({ job, op: 'error', error: err instanceof Error ? err.message : String(err) });
}

parentPort?.on('message', (m: SetWorkerRequest) => {
  try {
    handle(m);
  } catch (err) {
    fail(m.job, err);
  }
});
