/**
 * Request body limits, enforced while the body streams, before any route parses it.
 *
 * Every request that carries a body (Content-Length or chunked) is read here, chunk by chunk,
 * up to its limit, and handed on as a buffered body; past the limit the answer is 413 at once,
 * nothing more is read, and the connection closes (`closeGently`). Limits (one table, `limitFor`):
 *
 *   - a multipart upload from a signed-in admin to an upload route: the route's file limit
 *     plus 64 KiB for the form around it (images 5 MB, stock files 25 MB, media ZIPs 50 MB); a client page's
 *     logo is the one upload any signed-in trader may send;
 *   - anything else, every JSON route included: JSON_BODY_MAX (64 KiB). A visitor can never
 *     make the server hold more than that per request.
 *
 * Reading the whole body before a handler runs also means no handler can answer while part
 * of a body still waits on the socket. A half-read body used to stall @hono/node-server's
 * drain (the body's web stream holds the socket paused), and after 500 ms it destroyed the
 * socket: concurrent fuzzing of the site-block routes saw reset connections.
 *
 */
import type { Socket } from 'node:net';
import type { Context, MiddlewareHandler } from 'hono';
import { IMPORT_MAX_BYTES } from '../services/stock-import/index.ts';
import { MSG_TOO_LARGE, UPLOAD_MAX_BYTES } from '../services/site/uploads.ts';
import { MEDIA_ZIP_MAX_BYTES } from '../../src/domain/stock-media/report.ts';
import type { AppEnv } from '../types.ts';
import { HttpError, type FieldError } from './errors.ts';

/** Largest accepted JSON body (and any body but an admin's upload), in bytes. */
export const JSON_BODY_MAX = 64 * 1024;
const FORM_OVERHEAD = 64 * 1024;
/** How long a refused upload's connection stays half-open for the client to read the 413. */
const LINGER_MS = 5_000;

type Limit = { max: number; msg: string | FieldError[] };
const TOO_LARGE: Limit = { max: JSON_BODY_MAX, msg: 'payload_too_large' };
const IMAGE: Limit = { max: UPLOAD_MAX_BYTES + FORM_OVERHEAD, msg: [{ param: 'src', msg: MSG_TOO_LARGE }] };

/** Upload routes (under /api/v1) that take a multipart body, and their limits (admins only unless `traders`). */
const UPLOADS: { method: string; path: RegExp; limit: Limit; traders?: true }[] = [
  { method: 'PUT', path: /\/client-pages\/\d+\/logo\/?$/, limit: IMAGE, traders: true },
  { method: 'POST', path: /\/configs\/site-blocks\/?$/, limit: IMAGE },
  { method: 'PATCH', path: /\/configs\/site-blocks\/[^/]+\/?$/, limit: IMAGE },
  { method: 'POST', path: /\/admin\/posts\/cover\/?$/, limit: IMAGE },
  {
    method: 'POST',
    path: /\/admin\/stock-import\/?$/,
    limit: { max: IMPORT_MAX_BYTES + FORM_OVERHEAD, msg: 'payload_too_large' },
  },
  {
    method: 'POST',
    path: /\/admin\/stock-media\/?$/,
    limit: { max: MEDIA_ZIP_MAX_BYTES + FORM_OVERHEAD, msg: 'payload_too_large' },
  },
];

const isMultipart = (c: Context) =>
  (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

export function limitFor(c: Context<AppEnv>): Limit {
  if (!c.var.user || !isMultipart(c)) return TOO_LARGE;
  const upload = UPLOADS.find((u) => u.method === c.req.method && u.path.test(c.req.path));
  if (!upload || (c.var.user.role !== 'admin' && !upload.traders)) return TOO_LARGE;
  return upload.limit;
}

/** The request's socket under @hono/node-server (absent for in-process requests). */
const socketOf = (c: Context): Socket | undefined =>
  (c.env as { incoming?: { socket?: Socket } } | undefined)?.incoming?.socket;

/**
 * Closing gently after a refused body. The 413 goes out at once with `Connection: close`, and
 * the rest of the body is not read: TCP flow control holds the sender back, so it costs no
 * memory here. Node ends such a connection with `destroySoon()`, which would close on unread
 * data and so reset it, often before the client has read the 413; here the socket only
 * half-closes (FIN after the answer), and is destroyed when the client closes its side or
 * after LINGER_MS.
 */
function closeGently(c: Context): void {
  c.header('Connection', 'close');
  const socket = socketOf(c);
  if (!socket) return;
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/** A fixed limit (API Link's stock push: a stock key's file, checked after the key). */
export const fixedLimit = (max: number) => (): Limit => ({ max, msg: 'payload_too_large' });

export const bodyLimits =
  (limitOf: (c: Context<AppEnv>) => Limit = limitFor): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    // a GET or HEAD has no body; asking for one would build a whole Request from the light one
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const body = c.req.raw.body;
    if (!body) return next();
    const limit = limitOf(c);
    const reader = body.getReader();
    const refuse = (): never => {
      closeGently(c);
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
