/**
 * Image uploads (image blocks, news covers, client page logos): the file is checked by its
 * content (file-type), not its name, capped in bytes and in pixels (the size read from the
 * image's header before anything is decoded: no logo or photograph is shown larger than
 * UPLOAD_MAX_SIDE), re-encoded with sharp (drops metadata and anything hidden after the image
 * data) and stored in the database (table `uploads`), so that every app node serves it.
 * Uploads are counted per account (rate limit `upload`). Served at /uploads/<name> by
 * api/server.ts.
 *
 *   const { image } = await uploadedImage(c, deps, user.id, form.src);
 *   const url = await storeImage(deps.db, image);   // '/uploads/ab12...png'
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Context, MiddlewareHandler } from 'hono';
import type Sharp from 'sharp';
import type { Db } from '../../../db/client.ts';
import { uploads } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import { rateLimiter } from '../../middleware/rate-limit.ts';
import type { Deps } from '../../types.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The widest and tallest image accepted, in pixels: more than any logo or photograph is shown at. */
export const UPLOAD_MAX_SIDE = 4000;
export const UPLOAD_URL_PREFIX = '/uploads/';
/** The words of an upload refusal, shown to the admin under the file field. */
export const MSG_ONE_FILE = 'You cannot upload more than one file at once';
export const MSG_NOT_IMAGE = "The file you wanted to upload isn't an image";
export const MSG_TOO_LARGE = 'The image is too large: the limit is 5 MB';
export const MSG_TOO_MANY_PIXELS = `The image is too large: the limit is ${UPLOAD_MAX_SIDE.toLocaleString('en-GB')} × ${UPLOAD_MAX_SIDE.toLocaleString('en-GB')} pixels`;

const ALLOWED = new Map([
  ['image/png', 'png'],
  ['image/jpeg', 'jpg'],
]);

/** The one uploaded file of a multipart field, or a 400 with the spec's message. */
export function singleFile(value: unknown): File {
  const files = (Array.isArray(value) ? value : [value]).filter((f) => f !== undefined && f !== null && f !== '');
  if (files.length > 1) throw new HttpError(400, [{ param: 'src', msg: MSG_ONE_FILE }]);
  const file = files[0];
  if (!(file instanceof File)) throw new HttpError(400, [{ param: 'src', msg: MSG_NOT_IMAGE }]);
  return file;
}

export type CheckedImage = { data: Buffer; ext: string };

/** The image's width and height from its header (nothing decoded), or a 400 when it has none. */
async function sizeOf(sharp: typeof Sharp, bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes)
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new HttpError(400, [{ param: 'src', msg: MSG_NOT_IMAGE }]);
  return { width: meta.width, height: meta.height };
}

/** Checks and re-encodes an image; returns the bytes to store and the extension. */
export async function checkImage(bytes: Uint8Array): Promise<CheckedImage> {
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new HttpError(413, [{ param: 'src', msg: MSG_TOO_LARGE }]);
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? ALLOWED.get(type.mime) : undefined;
  if (!ext) throw new HttpError(400, [{ param: 'src', msg: MSG_NOT_IMAGE }]);
  // loaded on the first image: a node that takes none starts without it
  const { default: sharp } = await import('sharp');
  const { width, height } = await sizeOf(sharp, bytes);
  if (width > UPLOAD_MAX_SIDE || height > UPLOAD_MAX_SIDE)
    throw new HttpError(400, [{ param: 'src', msg: MSG_TOO_MANY_PIXELS }], {
      maxWidth: UPLOAD_MAX_SIDE,
      maxHeight: UPLOAD_MAX_SIDE,
    });
  try {
    // the decoder's own cap, should a header have told less than the data holds
    const img = sharp(bytes, { limitInputPixels: UPLOAD_MAX_SIDE * UPLOAD_MAX_SIDE }).rotate();
    const data =
      ext === 'png'
        ? await img.png({ compressionLevel: 9 }).toBuffer()
        : await img.jpeg({ quality: 86, mozjpeg: true }).toBuffer();
    return { data, ext };
  } catch {
    throw new HttpError(400, [{ param: 'src', msg: MSG_NOT_IMAGE }]);
  }
}

/**
 * The one image of a multipart field, counted against the account's uploads (429 past the
 * `upload` rate limit, before any decoding), checked and re-encoded.
 */
export async function uploadedImage(
  c: Context,
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  userId: number,
  value: unknown,
): Promise<{ file: File; image: CheckedImage }> {
  const file = singleFile(value);
  await rateLimiter(deps).hit(c, 'upload', { account: `user:${userId}` });
  return { file, image: await checkImage(new Uint8Array(await file.arrayBuffer())) };
}

/** Stores a checked image in the database under a random name; every app node serves it. */
export async function storeImage(db: Db, checked: CheckedImage): Promise<string> {
  return storeUpload(db, checked);
}

/** A new random upload name (24 hex digits), without extension. */
export const uploadStem = () => randomBytes(12).toString('hex');

/**
 * Stores a checked file (an image of checkImage; a video or certificate PDF checked by its
 * bytes, stock-media/content.ts) in the database; `stem` names it (default: a random one; a
 * 360 frame is `<random>/frame-NNN`). Answers its address. Served at /uploads/* are images and
 * videos only: a certificate PDF is read by the signed-in certificate route.
 */
export async function storeUpload(db: Db, file: CheckedImage, stem = uploadStem()): Promise<string> {
  const name = `${stem}.${file.ext}`;
  await db
    .insert(uploads)
    .values({ name, contentType: TYPES[file.ext] ?? 'application/octet-stream', data: file.data });
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** The stored bytes of an upload's address (`/uploads/<name>`), or null. */
export async function uploadedBytes(db: Db, url: string): Promise<Buffer | null> {
  if (!url.startsWith(UPLOAD_URL_PREFIX)) return null;
  const name = url.slice(UPLOAD_URL_PREFIX.length);
  return (
    (await db.select({ data: uploads.data }).from(uploads).where(eq(uploads.name, name)).limit(1))[0]?.data ?? null
  );
}

/** Removes a stored image (a save that failed after the upload). */
export async function removeImage(db: Db, url: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.name, url.slice(UPLOAD_URL_PREFIX.length)));
}

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
};
/** What /uploads/* serves: images (a 360 set's frames in their folder) and videos; never a PDF. */
const NAME = /^[a-f0-9]{24}(?:\/frame-\d{3,4})?\.(png|jpg)$|^[a-f0-9]{24}\.(mp4|webm)$/;

/**
 * Serves GET /uploads/<name>: only names this module writes, nosniff, exact type. From the
 * database; images uploaded before uploads moved there are still read from `legacyDir`.
 */
export function serveUploads(db: Db, legacyDir: string): MiddlewareHandler {
  const root = resolve(legacyDir);
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const name = c.req.path.slice(UPLOAD_URL_PREFIX.length);
    const m = NAME.exec(name);
    if (!m) return c.text('Not found', 404);
    let data: Buffer | undefined = (
      await db.select({ data: uploads.data }).from(uploads).where(eq(uploads.name, name)).limit(1)
    )[0]?.data;
    if (!data) data = await readFile(join(root, name)).catch(() => undefined);
    if (!data) return c.text('Not found', 404);
    const headers = {
      'content-type': TYPES[(m[1] ?? m[2]) as string] as string,
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'",
    };
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(data), { status: 200, headers });
  };
}
