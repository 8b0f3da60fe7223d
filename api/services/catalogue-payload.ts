/**
 * The full-stock list body of the catalogue (docs/decisions/003 and 004).
 *
 * Every in-stock stone as a slim DiamondDoc (only the fields the list reads, see
 * CATALOGUE_FIELDS), encoded in the columnar wire format of src/domain/catalogue/wire.ts.
 * Visitors get what toDiamondDoc gives them: no price, ppc, ExWebTotal, RAP or availability
 * column at all; a special offer keeps its WebSpecial.
 *
 * The body is built once per stock version and audience, in slices of SLICE rows with a turn
 * of the event loop between them (so 200,000 stones never hold up other requests), then
 * compressed once with gzip and brotli on libuv's thread pool and kept in memory: a request
 * costs the version query and a compare, never compression. A quick brotli (quality 9) is
 * ready with the body; the densest one (quality 11, 16 MB window) replaces it in the
 * background. The strong ETag is a hash of the
 * body, so a rebuild that gives the same bytes keeps the same tag. The stock version
 * (api/services/versions.ts, bumped by every writer of diamonds and media) is read on every
 * call, so a write through any node invalidates every node's copy.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { diamondMedia, diamonds, type Diamond } from '../../db/tables.ts';
import type { DiamondDoc } from '../../src/domain/diamond.ts';
import { INDEX_FIELDS } from '../../src/domain/catalogue/prepare.ts';
import { catalogueEncoder, type WireDoc } from '../../src/domain/catalogue/wire.ts';
import { toDiamondDoc } from './diamond-docs.ts';
import { readVersion } from './versions.ts';

export const CATALOGUE_FIELDS = [...INDEX_FIELDS, 'StkCertNo'] as const satisfies readonly (keyof DiamondDoc)[];

/** One stone of the list; fields with no value are absent. */
export type CatalogueDoc = WireDoc;

export type Audience = 'visitor' | 'trade';
export type CatalogueBody = {
  version: string;
  etag: string;
  audience: Audience;
  stones: number;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
};

/** rows read and encoded per turn of the event loop */
export const SLICE = 5000;

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);
const BROTLI_QUICK = { quality: 9, window: 22 };
const BROTLI_BEST = { quality: 11, window: 24 };
const brotli = (raw: Buffer, o: { quality: number; window: number }) =>
  brotliAsync(raw, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: o.quality,
      [zlibConstants.BROTLI_PARAM_LGWIN]: o.window,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
const yieldTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const cache = new WeakMap<Db, Map<Audience, CatalogueBody>>();
const building = new WeakMap<Db, Map<string, Promise<CatalogueBody>>>();

const inStock = eq(diamonds.inStock, true);
const is360 = eq(diamondMedia.type, '360');

/** The stock version (api/services/versions.ts): bumped by every writer of diamonds and media. */
export async function stockVersion(db: Db): Promise<string> {
  return String(await readVersion(db, 'stock'));
}

export function slimDoc(doc: DiamondDoc, has360: boolean): CatalogueDoc {
  const out: Record<string, unknown> = {};
  for (const key of CATALOGUE_FIELDS) {
    const value = doc[key];
    if (value == null || value === '') continue;
    if (key === 'WebSpecial' && !(Number(value) > 0)) continue;
    out[key] = value;
  }
  if (has360) out.has360 = true;
  return out as CatalogueDoc;
}

/** The in-stock rows in list order (createdAt, id), SLICE at a time. */
async function* stockSlices(db: Db): AsyncGenerator<Diamond[]> {
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
    const rows: Diamond[] = await db
      .select()
      .from(diamonds)
      .where(where)
      .orderBy(asc(diamonds.createdAt), asc(diamonds.id))
      .limit(SLICE);
    if (rows.length > 0) yield rows;
    if (rows.length < SLICE) return;
    const last: Diamond = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, id: last.id };
    await yieldTurn();
  }
}

async function buildBody(db: Db, audience: Audience, version: string): Promise<CatalogueBody> {
  const with360 = new Set(
    (await db.selectDistinct({ id: diamondMedia.diamondId }).from(diamondMedia).where(is360)).map((r) => r.id),
  );
  const authorised = audience === 'trade';
  const enc = catalogueEncoder({ version, audience });
  for await (const rows of stockSlices(db)) {
    for (const r of rows) enc.push(slimDoc(toDiamondDoc(r, authorised), with360.has(r.id)));
  }
  const wire = enc.finish();
  await yieldTurn();
  const raw = Buffer.from(JSON.stringify(wire));
  const [gz, br] = await Promise.all([gzipAsync(raw, { level: 9 }), brotli(raw, BROTLI_QUICK)]);
  const tag = createHash('sha256').update(raw).digest('base64url').slice(0, 24);
  const body: CatalogueBody = {
    version,
    etag: `"cat-${audience}-${tag}"`,
    audience,
    stones: wire.n,
    raw,
    gzip: gz,
    br,
  };
  // the densest brotli takes seconds for a large stock: it replaces the quick one when done
  // (same bytes once decoded, so the same ETag)
  void brotli(raw, BROTLI_BEST)
    .then((best) => {
      if (best.length < body.br.length) body.br = best;
    })
    .catch(() => undefined);
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
