/**
 * Request body limits, enforced while the body streams, before any route parses it.
 *
 * Every request that carries a body (Content-Length or chunked) is read here, chunk by chunk,
 * up to its limit, and handed on as a buffered body; past the limit the answer is 413 at once
 * and the rest is never held in memory. Limits (one table, `limitFor`):
 *
 *   - a multipart upload from a signed-in admin to an upload route: the route's file limit
 *     plus 64 KiB for the form around it (images 5 MB, stock files 25 MB);
 *   - anything else, every JSON route included: JSON_BODY_MAX (64 KiB). A visitor can never
 *     make the server hold more than that per request.
 *
 * Reading the whole body before a handler runs also means no handler can answer while part
 * of a body still waits on the socket. A half-read body used to stall @hono/node-server's
 * drain (the body's web stream holds the socket paused), and after 500 ms it destroyed the
 * socket: concurrent fuzzing of the site-block routes saw reset connections (issue 13, 31).
 *
 * After a 413 the remainder is read and discarded (at most DISCARD_BYTES, DISCARD_MS), so the
 * client gets to read the answer instead of a reset; a body that goes on longer than that has
 * its connection closed.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { IMPORT_MAX_BYTES } from '../services/stock-import/index.ts';
import { MSG_TOO_LARGE, UPLOAD_MAX_BYTES } from '../services/uploads.ts';
import type { AppEnv } from '../types.ts';
import { HttpError, type FieldError } from './errors.ts';

/** Largest accepted JSON body (and any body but an admin's upload), in bytes. */
export const JSON_BODY_MAX = 64 * 1024;
const FORM_OVERHEAD = 64 * 1024;
const DISCARD_BYTES = 64 * 1024 * 1024;
const DISCARD_MS = 5_000;

type Limit = { max: number; msg: string | FieldError[] };
const TOO_LARGE: Limit = { max: JSON_BODY_MAX, msg: 'payload_too_large' };
const IMAGE: Limit = { max: UPLOAD_MAX_BYTES + FORM_OVERHEAD, msg: [{ param: 'src', msg: MSG_TOO_LARGE }] };

/** Upload routes (under /api/v1) that take a multipart body, and their limits. */
const UPLOADS: { method: string; path: RegExp; limit: Limit }[] = [
  { method: 'POST', path: /\/configs\/site-blocks\/?$/, limit: IMAGE },
  { method: 'PATCH', path: /\/configs\/site-blocks\/[^/]+\/?$/, limit: IMAGE },
  { method: 'POST', path: /\/admin\/posts\/cover\/?$/, limit: IMAGE },
  {
    method: 'POST',
    path: /\/admin\/stock-import\/?$/,
    limit: { max: IMPORT_MAX_BYTES + FORM_OVERHEAD, msg: 'payload_too_large' },
  },
];

const isMultipart = (c: Context) =>
  (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

export function limitFor(c: Context<AppEnv>): Limit {
  if (c.var.user?.role !== 'admin' || !isMultipart(c)) return TOO_LARGE;
  const upload = UPLOADS.find((u) => u.method === c.req.method && u.path.test(c.req.path));
  return upload?.limit ?? TOO_LARGE;
}

/** Reads and drops what is left of a refused body, within bounds, then lets the connection go. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let seen = 0;
  const timer = setTimeout(() => void reader.cancel().catch(() => {}), DISCARD_MS);
  timer.unref?.();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      seen += value.byteLength;
      if (seen > DISCARD_BYTES) {
        await reader.cancel();
        break;
      }
    }
  } catch {
    // the client went away or the cancel above ended the read: nothing left to do
  } finally {
    clearTimeout(timer);
  }
}

export const bodyLimits = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const body = c.req.raw.body;
  if (!body) return next();
  const limit = limitFor(c);
  const reader = body.getReader();
  const refuse = (): never => {
    void discard(reader);
    throw new HttpError(413, limit.msg);
  };
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > limit.max) refuse();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let step: ReadableStreamReadResult<Uint8Array>;
    try {
      step = await reader.read();
    } catch {
      throw new HttpError(400, 'invalid_body');
    }
    if (step.done) break;
    size += step.value.byteLength;
    if (size > limit.max) refuse();
    chunks.push(step.value);
  }
  const whole = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  c.req.raw = new Request(c.req.raw, { body: whole });
  return next();
};
