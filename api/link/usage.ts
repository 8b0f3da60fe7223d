/**
 * Counts every authenticated API Link call in the key's usage row of the UTC day: one call,
 * an error when the answer is 4xx/5xx, and the bytes of the body (before compression). With a
 * Content-Length, or a JSON answer (measured, and given a Content-Length), the row is written
 * before the answer leaves; any other body (feed downloads) is counted as it streams out and
 * recorded when it ends (api/services/link/api-usage.ts writes the figures within a second), so the figures are exact without buffering large feeds.
 */
import type { MiddlewareHandler } from 'hono';
import { recordUsage, utcDay } from '../services/link/api-usage.ts';
import type { Deps } from '../types.ts';
import type { LinkEnv } from './types.ts';

const isPlainJson = (h: Headers) =>
  !h.has('content-encoding') && /^application\/(problem\+)?json\b/i.test(h.get('content-type') ?? '');

export function linkUsage(deps: Deps): MiddlewareHandler<LinkEnv> {
  return async (c, next) => {
    await next();
    const keyId = c.var.linkKey.id;
    const day = utcDay(deps.clock.now());
    const res = c.res;
    const errors = res.status >= 400 ? 1 : 0;
    const length = res.headers.get('content-length');
    if (!res.body || length !== null) {
      recordUsage(deps.db, keyId, day, { calls: 1, errors, bytes: Number(length ?? 0) });
      return;
    }
    if (isPlainJson(res.headers)) {
      // a JSON answer is in memory already: measure it, and give it a Content-Length
      const body = new Uint8Array(await res.arrayBuffer());
      c.res = new Response(body, res);
      c.res.headers.set('content-length', String(body.byteLength));
      recordUsage(deps.db, keyId, day, { calls: 1, errors, bytes: body.byteLength });
      return;
    }
    let bytes = 0;
    const counting = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, out) {
        bytes += chunk.byteLength;
        out.enqueue(chunk);
      },
      flush() {
        recordUsage(deps.db, keyId, day, { calls: 1, errors, bytes });
      },
    });
    c.res = new Response(res.body.pipeThrough(counting), res);
  };
}
