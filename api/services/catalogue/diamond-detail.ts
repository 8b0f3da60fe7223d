/**
 * One stone and its extras for the detail screen: the row (in stock or not), its media
 * (gallery images, videos, the 360 frame set), its certificates and related stones
 * (same shape and category, in stock, nearest in weight first).
 */
import { readFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { diamondCertificates, diamondMedia, diamonds, type Diamond } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import { UPLOAD_URL_PREFIX, uploadedBytes } from '../site/uploads.ts';

export type MediaItem = { type: 'image' | 'video' | '360'; src: string; framesCount?: number; format?: string };
export type CertificateItem = { src: string };

/** spec: 360 sets default to 256 frames of png */
export const DEFAULT_FRAMES = 256;
export const DEFAULT_FORMAT = 'png';
export const RELATED_MAX = 9;

/** The stone, or 404 diamond_not_found. */
export async function stoneOr404(db: Db, id: number): Promise<Diamond> {
  const row = (await db.select().from(diamonds).where(eq(diamonds.id, id)).limit(1))[0];
  if (!row) throw new HttpError(404, 'diamond_not_found');
  return row;
}

export async function stoneMedia(db: Db, id: number): Promise<MediaItem[]> {
  return (
    await db
      .select()
      .from(diamondMedia)
      .where(eq(diamondMedia.diamondId, id))
      .orderBy(asc(diamondMedia.position), asc(diamondMedia.id))
  ).map((m) =>
    m.type === '360'
      ? { type: m.type, src: m.src, framesCount: m.framesCount ?? DEFAULT_FRAMES, format: m.format ?? DEFAULT_FORMAT }
      : { type: m.type, src: m.src },
  );
}

/** The address of a stone's n-th certificate PDF (1-based): an API route behind the sign-in rule. */
export const certificatePath = (id: number, n: number) => `/api/v1/diamonds/${id}/certificates/${n}`;

async function certificateRows(db: Db, id: number): Promise<{ src: string }[]> {
  return db
    .select({ src: diamondCertificates.src })
    .from(diamondCertificates)
    .where(eq(diamondCertificates.diamondId, id))
    .orderBy(asc(diamondCertificates.id));
}

/** The stone's certificates as the browser gets them: each `src` is its signed-in-only address. */
export async function stoneCertificates(db: Db, id: number): Promise<CertificateItem[]> {
  return (await certificateRows(db, id)).map((_, i) => ({ src: certificatePath(id, i + 1) }));
}

/**
 * The bytes of a stone's n-th certificate PDF, or null. One uploaded in a media ZIP lives in
 * the database (`/uploads/<name>.pdf`, site/uploads.ts, never served at /uploads/*); else the
 * stored `src` names a file in `dir` (older rows hold '/media/certificates/x.pdf'): only its
 * last segment is used, so a stored value can never reach outside `dir`.
 */
export async function certificatePdf(
  db: Db,
  dir: string,
  id: number,
  n: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const row = (await certificateRows(db, id))[n - 1];
  if (!row) return null;
  if (row.src.startsWith(UPLOAD_URL_PREFIX)) {
    const data = await uploadedBytes(db, row.src);
    return data ? new Uint8Array(data) : null;
  }
  const name = basename(row.src.split(/[?#]/)[0] ?? '');
  if (!/^[\w.-]+\.pdf$/i.test(name)) return null;
  const data = await readFile(join(resolve(dir), name)).catch(() => null);
  return data ? new Uint8Array(data) : null;
}

/** In-stock stones of the same shape, category (Single/Multiple) and source, nearest weight first. */
export async function relatedStones(db: Db, stone: Diamond, limit = RELATED_MAX): Promise<Diamond[]> {
  return await db
    .select()
    .from(diamonds)
    .where(
      and(
        eq(diamonds.inStock, true),
        ne(diamonds.id, stone.id),
        sql`lower(${diamonds.shape}) = ${stone.shape.toLowerCase()}`,
        eq(diamonds.catType, stone.catType),
        eq(diamonds.source, stone.source),
      ),
    )
    .orderBy(sql`abs(${diamonds.weight} - ${stone.weight})`, asc(diamonds.id))
    .limit(limit);
}
