/**
 * The full-stock list payload of the catalogue (docs/decisions/003-catalogue-payload.md).
 *
 * Every in-stock stone as a slim DiamondDoc: only the fields the browser's index and the
 * list table read (INDEX_FIELDS, plus StkCertNo and a has360 flag). Null, empty and zero
 * special-price fields are left out (the index reads a missing value as "none"). Visitors get
 * what toDiamondDoc gives them: no price, ppc, ExWebTotal, RAP or availability; a special
 * offer keeps its WebSpecial.
 *
 * The body is built once per stock version and audience and kept in memory. The version is
 * read from the database on every call (api/services/versions.ts), so a write through any
 * node invalidates every node's copy. The ETag names the
 * version and the audience, so a repeat load is a 304 and signing in never reuses a
 * visitor's body.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { diamondMedia, diamonds } from '../../db/tables.ts';
import type { DiamondDoc } from '../../src/domain/diamond.ts';
import { INDEX_FIELDS } from '../../src/domain/catalogue/prepare.ts';
import { toDiamondDoc } from './diamond-docs.ts';
import { readVersion } from './versions.ts';

export const CATALOGUE_FIELDS = [...INDEX_FIELDS, 'StkCertNo'] as const satisfies readonly (keyof DiamondDoc)[];
type CatalogueField = (typeof CATALOGUE_FIELDS)[number];

/** One stone of the list payload; fields with no value are absent. */
export type CatalogueDoc = Partial<Pick<DiamondDoc, CatalogueField>> &
  Pick<DiamondDoc, '_id' | 'StkCodeCalcNS' | 'StkShape' | 'StkCatType' | 'STWeight'> & { has360?: true };
export type CataloguePayload = { docs: CatalogueDoc[]; totalDocs: number; version: string };

export type Audience = 'visitor' | 'trade';
type Cached = { version: string; etag: string; body: string };
const cache = new WeakMap<Db, Map<Audience, Cached>>();

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

async function buildBody(db: Db, audience: Audience, version: string): Promise<string> {
  const with360 = new Set(
    (
      await db.selectDistinct({ id: diamondMedia.diamondId }).from(diamondMedia).where(eq(diamondMedia.type, '360'))
    ).map((r) => r.id),
  );
  const rows = await db
    .select()
    .from(diamonds)
    .where(eq(diamonds.inStock, true))
    .orderBy(diamonds.createdAt, diamonds.id);
  const authorised = audience === 'trade';
  const docs = rows.map((r) => slimDoc(toDiamondDoc(r, authorised), with360.has(r.id)));
  const payload: CataloguePayload = { docs, totalDocs: docs.length, version };
  return JSON.stringify(payload);
}

/** The payload body and its ETag for an audience, rebuilt only when the stock changed. */
export async function cataloguePayload(db: Db, audience: Audience): Promise<Cached> {
  const version = await stockVersion(db);
  let perDb = cache.get(db);
  if (!perDb) cache.set(db, (perDb = new Map()));
  const hit = perDb.get(audience);
  if (hit && hit.version === version) return hit;
  const tag = createHash('sha1').update(`${audience}:${version}`).digest('base64url').slice(0, 20);
  const fresh: Cached = { version, etag: `W/"cat-${audience}-${tag}"`, body: await buildBody(db, audience, version) };
  perDb.set(audience, fresh);
  return fresh;
}
