/**
 * The form of a staff file upload (the stock import, media in bulk): 415
 * `unsupported_media_type` for a body that is not multipart, 400 `unreadable` (with the
 * route's own message and reason) for a form that cannot be parsed; else its fields, one
 * value each.
 */
import type { Context } from 'hono';
import { HttpError } from './errors.ts';

export type FileForm = Record<string, string | File | (string | File)[]>;

export async function fileForm(c: Context, unreadable: string): Promise<FileForm> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data')) throw new HttpError(415, 'unsupported_media_type');
  try {
    return await c.req.parseBody({ all: false });
  } catch {
    throw new HttpError(400, unreadable, { reason: 'The upload could not be read' });
  }
}
