/**
 * Image uploads for image blocks: the file is checked by its content (file-type), not its
 * name, capped in size, re-encoded with sharp (drops metadata and anything hidden after the
 * image data) and stored in the database (table `uploads`), so that every app node serves it.
 * Served at /uploads/<name> by api/server.ts.
 *
 *   const url = await storeImage(deps.db, await checkImage(bytes));   // '/uploads/ab12...png'
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { MiddlewareHandler } from 'hono';
import sharp from 'sharp';
import type { Db } from '../../../db/client.ts';
import { uploads } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_URL_PREFIX = '/uploads/';
/** The words of an upload refusal, shown to the admin under the file field. */
export const MSG_ONE_FILE = 'You cannot upload more than one file at once';
export const MSG_NOT_IMAGE = "The file you wanted to upload isn't an image";
export const MSG_TOO_LARGE = 'The image is too large: the limit is 5 MB';

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

/** Checks and re-encodes an image; returns the bytes to store and the extension. */
export async function checkImage(bytes: Uint8Array): Promise<{ data: Buffer; ext: string }> {
  if (bytes.byteLength > UPLOAD_MAX_BYTES) throw new HttpError(413, [{ param: 'src', msg: MSG_TOO_LARGE }]);
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? ALLOWED.get(type.mime) : undefined;
  if (!ext) throw new HttpError(400, [{ param: 'src', msg: MSG_NOT_IMAGE }]);
  try {
    const img = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
    const data =
      ext === 'png'
        ? await img.png({ compressionLevel: 9 }).toBuffer()
        : await img.jpeg({ quality: 86, mozjpeg: true }).toBuffer();
    return { data, ext };
  } catch {
    throw new HttpError(400, [{ param: 'src', msg: MSG_NOT_IMAGE }]);
  }
}

/** Stores a checked image in the database under a random name; every app node serves it. */
export async function storeImage(db: Db, checked: { data: Buffer; ext: string }): Promise<string> {
  const name = `${randomBytes(12).toString('hex')}.${checked.ext}`;
  await db
    .insert(uploads)
    .values({ name, contentType: TYPES[checked.ext] ?? 'application/octet-stream', data: checked.data });
  return `${UPLOAD_URL_PREFIX}${name}`;
}

/** Removes a stored image (a save that failed after the upload). */
export async function removeImage(db: Db, url: string): Promise<void> {
  await db.delete(uploads).where(eq(uploads.name, url.slice(UPLOAD_URL_PREFIX.length)));
}

const TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };
const NAME = /^[a-f0-9]{24}\.(png|jpg)$/;

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
      'content-type': TYPES[m[1] as string] as string,
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'",
    };
    return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(data), { status: 200, headers });
  };
}
