/**
 * One JSON line per answered request (when LOG_REQUESTS is on) and the request metrics (when
 * METRICS_TOKEN is set), taken when the answer's last byte is handed to the socket:
 *
 *   {"level":"info","time":"…","reqId":"…","method":"GET","route":"/api/v1/diamonds/:id",
 *    "status":200,"ms":3.1,"bytes":1893,"client":"203.0.113.9","user":12,"msg":"request"}
 *
 * `route` is the matched route's pattern for the API (noted by `noteRoute`, the API's first
 * middleware), else the path; never the query string (admin searches carry e-mails, and a
 * query may carry a token), and the token of a reset or verify page is cut off. `bytes` is
 * what was written to the socket for this answer, headers included. `user` is the signed-in
 * user's id, `key` the API Link key's id. The request id is the `X-Request-Id` a trusted proxy
 * (TRUSTED_PROXIES) sent, or a new one; it is sent back in `X-Request-Id` and is on every line
 * logged for the request (errors.ts). Ours rather than hono/logger: docs/decisions/007 and 011.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { routes } from '../../src/domain/routes.ts';
import { logger } from '../services/platform/logger.ts';
import { httpDuration, httpInFlight } from '../services/platform/metrics.ts';
import type { Deps } from '../types.ts';
import { clientAddress } from './rate-limit.ts';

export type RequestNote = { id: string; route: string | null; user: number | null; key: number | null };

/** Per request (the Request the server made, which the API's own app is handed too). */
const notes = new WeakMap<Request, RequestNote>();
/** The API's context's request: its raw Request is replaced once its body is read (body-limit.ts). */
const apiNotes = new WeakMap<object, RequestNote>();

/** The note of the request `c` is answering (absent for in-process test requests). */
export const requestNote = (c: Context): RequestNote | undefined => apiNotes.get(c.req) ?? notes.get(c.req.raw);

const ID = /^[\w.:@/+=-]{1,128}$/;
const TOKEN_PAGE = new RegExp(`^(${routes.reset('')}|${routes.verify('')})[^/]+`);

/** The path as logged: a reset or verify page's token is not. */
const loggedPath = (path: string) => path.replace(TOKEN_PAGE, '$1:token');

function requestId(c: Context, trusted: readonly string[]): string {
  const sent = c.req.header('x-request-id');
  if (sent && trusted.length && ID.test(sent)) {
    try {
      const peer = getConnInfo(c).remote.address?.replace(/^::ffff:/, '');
      if (peer && trusted.includes(peer)) return sent;
    } catch {
      // no socket (in-process request)
    }
  }
  return randomUUID();
}

/** The server's first middleware (api/server.ts). */
export function requestLog(deps: Pick<Deps, 'config'>, opts: { log: boolean; metrics: boolean }): MiddlewareHandler {
  const trusted = deps.config.trustedProxies;
  return async (c, next) => {
    const t0 = performance.now();
    const note: RequestNote = { id: requestId(c, trusted), route: null, user: null, key: null };
    notes.set(c.req.raw, note);
    if (opts.metrics) httpInFlight.inc();
    const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
    const socket = outgoing?.socket;
    const written0 = socket?.bytesWritten ?? 0;
    await next();
    c.res.headers.set('x-request-id', note.id);
    const answered = routePath(c);
    const finish = () => {
      const ms = performance.now() - t0;
      const status = outgoing?.statusCode ?? c.res.status;
      if (opts.metrics) {
        httpInFlight.dec();
        const route = note.route ?? (answered === '*' ? 'static' : answered);
        httpDuration.observe({ route, method: c.req.method, status }, ms / 1000);
      }
      if (!opts.log) return;
      const line: Record<string, unknown> = {
        reqId: note.id,
        method: c.req.method,
        route: note.route ?? loggedPath(c.req.path),
        status,
        ms: Math.round(ms * 10) / 10,
        bytes: socket ? socket.bytesWritten - written0 : Number(c.res.headers.get('content-length') ?? 0),
        client: clientAddress(c, deps),
      };
      if (note.user != null) line.user = note.user;
      if (note.key != null) line.key = note.key;
      if (outgoing && !outgoing.writableFinished) line.aborted = true;
      logger.info(line, 'request');
    };
    if (outgoing) outgoing.once('close', finish);
    else finish();
  };
}

type Known = { user?: { id: number } | null; linkKey?: { id: number } };

/** The API's first middleware (api/app.ts): notes the route that answered and who asked. */
export const noteRoute: MiddlewareHandler = async (c, next) => {
  const note = notes.get(c.req.raw);
  if (!note) return next();
  apiNotes.set(c.req, note);
  await next();
  note.route = routePath(c);
  const known = c.var as Known;
  note.user = known.user?.id ?? null;
  note.key = known.linkKey?.id ?? null;
};
