/**
 * The full-stock list body of the catalogue (docs/decisions/003 and 004).
 *
 * Every in-stock stone as a slim list doc (catalogue-docs.ts), encoded in the columnar wire
 * format of src/domain/catalogue/wire.ts. Visitors get what toDiamondDoc gives them: no price,
 * ppc, ExWebTotal, RAP or availability column at all; a special offer keeps its WebSpecial.
 *
 * The body is built once per stock version and audience: this thread reads the rows SLICE at
 * a time (a turn of the event loop between slices) and hands them to a worker thread
 * (catalogue-set-worker.ts) that encodes, hashes and compresses, so 200,000 stones never hold
 * up other requests. The stored body (raw, gzip, quick brotli) is kept in memory; the densest
 * brotli replaces the quick one when the worker has it (same bytes once decoded, so the same
 * ETag). The strong ETag is a hash of the body, so a rebuild that gives the same bytes keeps
 * the same tag.
 *
 * The stock version (api/services/site/versions.ts, bumped by every writer of diamonds and media)
 * is held in memory and read again at most every VERSION_MAX_AGE_MS, and at once after a write
 * through this process: a request for a current body costs no database work, and a write
 * through another node is served here within VERSION_MAX_AGE_MS.
 */
import { Worker } from 'node:worker_threads';
import { and, asc, eq, getTableColumns, gt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamondMedia, diamonds } from '../../../db/tables.ts';
import { UNLISTED_COLUMNS, type ListRow } from './list-docs.ts';
import type { Audience, SetWorkerAnswer, SetWorkerRequest } from './set-worker.ts';
import { recentVersion } from '../site/versions.ts';
import { latestSeq } from '../link/change-log.ts';
import { catalogueSetBuilds } from '../platform/metrics.ts';

export { CATALOGUE_FIELDS, slimDoc, type CatalogueDoc } from './list-docs.ts';
export type { Audience } from './set-worker.ts';

export type CatalogueBody = {
  version: string;
  etag: string;
  audience: Audience;
  stones: number;
  /**
   * the stock change log's newest sequence before the rows were read: every change after it
   * may be missing from the body, so a copy of it is brought up to date by the live stream's
   * events after this sequence (applying one again is harmless)
   */
  seq: number;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
};

/** rows read per turn of the event loop (a SQLite read of this many rows blocks for tens of ms) */
export const SLICE = 1000;
/** how stale the stock version held in memory may be: how soon another node's write shows here */
export const VERSION_MAX_AGE_MS = 1000;

const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const cache = new WeakMap<Db, Map<Audience, CatalogueBody>>();
const building = new WeakMap<Db, Map<string, Promise<CatalogueBody>>>();

const inStock = eq(diamonds.inStock, true);
type StockColumns = ReturnType<typeof getTableColumns<typeof diamonds>>;
/** the columns the catalogue reads: the list's (catalogue-docs.ts UNLISTED names the others) */
const LIST_COLUMNS = Object.fromEntries(
  Object.entries(getTableColumns(diamonds)).filter(([key]) => !UNLISTED_COLUMNS.includes(key)),
) as { [K in keyof ListRow]: StockColumns[K] };
const is360 = eq(diamondMedia.type, '360');

/** The stock version (api/services/site/versions.ts), as held in memory (see above). */
export async function stockVersion(db: Db): Promise<string> {
  return String(await recentVersion(db, 'stock', VERSION_MAX_AGE_MS));
}

/** The in-stock rows in list order (createdAt, id), SLICE at a time, the list's columns only. */
async function* stockSlices(db: Db): AsyncGenerator<ListRow[]> {
  let after: { createdAt: Date; id: number } | null = null;
  for (;;) {
    const where: SQL | undefined = after
      ? and(
          inStock,
          or(
            gt(diamonds.createdAt, after.createdAt),
            and(eq(diamonds.createdAt, after.createdAt), gt(diamonds.id, after.id)),
          ),
        )
      : inStock;
    const rows: ListRow[] = await db
      .select(LIST_COLUMNS)
      .from(diamonds)
      .where(where)
      .orderBy(asc(diamonds.createdAt), asc(diamonds.id))
      .limit(SLICE);
    if (rows.length > 0) yield rows;
    if (rows.length < SLICE) return;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    await yieldTurn();
  }
}

type Listener = (a: SetWorkerAnswer) => void;
let worker: Worker | null = null;
let nextJob = 0;
const listeners = new Map<number, Listener>();

function setWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./set-worker.ts', import.meta.url));
  w.unref();
  w.on('message', (a: SetWorkerAnswer) => listeners.get(a.job)?.(a));
  w.on('error', (err) => {
    for (const l of listeners.values()) l({ job: -1, op: 'error', error: err.message });
    listeners.clear();
    worker = null; // the next build starts a new one
  });
  worker = w;
  return w;
}

const bufferOf = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

/**
 * One build in the worker: rows go over slice by slice (at most one slice waiting there
 * while the next is read), the body comes back, the densest brotli after it (`onBest`).
 */
function setJob(audience: Audience, version: string, onBest: (br: Buffer) => void) {
  const w = setWorker();
  const job = ++nextJob;
  let ack: (() => void) | null = null;
  let built: { resolve: (a: SetWorkerAnswer & { op: 'built' }) => void; reject: (e: Error) => void } | null = null;
  let failed: Error | null = null;
  listeners.set(job, (a) => {
    if (a.op === 'ack') return ack?.();
    if (a.op === 'built') return built?.resolve(a);
    if (a.op === 'best') {
      listeners.delete(job);
      return onBest(bufferOf(a.br));
    }
    listeners.delete(job);
    failed = new Error(`catalogue build failed: ${a.error}`);
    built?.reject(failed);
    ack?.();
  });
  const post = (m: SetWorkerRequest) => w.postMessage(m);
  post({ op: 'start', job, version, audience });
  let taken: Promise<void> = Promise.resolve();
  return {
    async rows(rows: ListRow[], with360: boolean[]) {
      await taken; // the previous slice is encoded: memory stays at about two slices
      if (failed) throw failed;
      taken = new Promise<void>((resolve) => (ack = resolve));
      post({ op: 'rows', job, rows, with360 });
    },
    finish(): Promise<SetWorkerAnswer & { op: 'built' }> {
      return new Promise((resolve, reject) => {
        if (failed) return reject(failed);
        built = { resolve, reject };
        post({ op: 'finish', job });
      });
    },
  };
}

async function buildBody(db: Db, audience: Audience, version: string): Promise<CatalogueBody> {
  const t0 = performance.now();
  const seq = await latestSeq(db);
  const with360 = new Set(
    (await db.selectDistinct({ id: diamondMedia.diamondId }).from(diamondMedia).where(is360)).map((r) => r.id),
  );
  // the densest brotli replaces the quick one when the worker has it (always after the body)
  const job = setJob(audience, version, (br) => {
    if (br.length < body.br.length) body.br = br;
  });
  for await (const rows of stockSlices(db))
    await job.rows(
      rows,
      rows.map((r) => with360.has(r.id)),
    );
  const built = await job.finish();
  const body: CatalogueBody = {
    version,
    etag: built.etag,
    audience,
    stones: built.n,
    seq,
    raw: bufferOf(built.raw),
    gzip: bufferOf(built.gzip),
    br: bufferOf(built.br),
  };
  catalogueSetBuilds.observe({ audience }, (performance.now() - t0) / 1000);
  return body;
}

/** The body of an audience for the current stock, built (once, however many ask) when the stock changed. */
export async function cataloguePayload(db: Db, audience: Audience): Promise<CatalogueBody> {
  const version = await stockVersion(db);
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(audience);
  if (hit && hit.version === version) return hit;
  let pending = building.get(db);
  if (!pending) building.set(db, (pending = new Map()));
  const key = `${audience}:${version}`;
  let job = pending.get(key);
  if (!job) {
    const jobs = pending;
    job = buildBody(db, audience, version)
      .then((body) => {
        const current = perDb.get(audience);
        if (!current || current.version !== body.version) perDb.set(audience, body);
        return body;
      })
      .finally(() => jobs.delete(key));
    pending.set(key, job);
  }
  return job;
}
