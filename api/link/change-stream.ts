/**
 * GET /changes/stream: the stock change log pushed as server-sent events, for integrations
 * that want changes at once without running a webhook receiver. Each event is `change` with
 * the /changes event as its JSON and its sequence as the SSE `id`; a heartbeat comment comes
 * every 25 s. Resume with `Last-Event-ID` (or `?since=`): every event after it is sent first,
 * in order, then the new ones. A cursor older than the retention answers 410, one ahead of the
 * log 409, as /changes does. A retail key reads `available` for `on_hold` and `reserved`.
 * The stream counts as one call against the key's limits, however long it stays open.
 */
import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import { checkCursor } from '../services/link/change-log.ts';
import { liveAnswer, resumePoint } from '../services/live/stream.ts';
import type { Deps } from '../types.ts';
import { CHANGE_STREAM_EXAMPLE } from './examples.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import { valid } from './request.ts';
import { ChangeStreamQuerySchema, ErrorSchema } from './schemas.ts';
import { priceScopeOf } from './scopes.ts';
import type { LinkEnv } from './types.ts';

export function changeStreamRoutes(deps: Deps) {
  return new Hono<LinkEnv>().get(
    '/',
    describeRoute({
      tags: ['Changes'],
      summary: 'Stock changes as they happen (server-sent events)',
      description:
        'The events of /changes, pushed: `event: change`, `id:` the sequence, `data:` the /changes event. Open it after /feed with `since` = its X-Change-Seq; after a drop, reconnect with `Last-Event-ID` (an EventSource does) and nothing is missed or sent twice. A heartbeat comment (`: ping`) comes every 25 s; a node that stops ends the stream with a `retry:` hint. One call against the limits, however long it stays open.',
      parameters: [
        {
          name: 'Last-Event-ID',
          in: 'header',
          required: false,
          description: 'The id of the last event received: the stream resumes after it (wins over `since`)',
          schema: { type: 'string', pattern: '^\\d{1,15}$' },
        },
      ],
      responses: {
        200: {
          description: 'The stream: `change` events, oldest first, and heartbeat comments',
          content: { 'text/event-stream': { schema: { type: 'string' }, example: CHANGE_STREAM_EXAMPLE } },
        },
        410: jsonResponse('`since` is older than the retention: download /feed again', ErrorSchema, {
          errors: {
            msg: 'changes_expired',
            options: { since: 120, oldest_available: 4000, resync: 'Download /feed again' },
          },
        }),
        409: jsonResponse('`cursor_ahead`: `since` is beyond the newest event: download /feed again', ErrorSchema, {
          errors: { msg: 'cursor_ahead', options: { since: 9000, latest: 4200, resync: 'Download /feed again' } },
        }),
        ...errorResponses(),
      },
    }),
    valid('query', ChangeStreamQuerySchema),
    async (c) => {
      const since = resumePoint(c.req.header('last-event-id'), c.req.valid('query').since);
      if (since != null) await checkCursor(deps.db, since);
      const retail = priceScopeOf(c.var.linkKey.scope) === 'retail';
      return liveAnswer(
        c,
        deps,
        {
          start: async (latest) =>
            since == null || since >= latest
              ? { from: Math.max(since ?? latest, latest), catchUp: false, gap: null }
              : { from: since, catchUp: true, gap: null },
          pick: (ev) => [retail ? ev.link.retail : ev.link.trade],
          opening: () => ': ready\n\n',
        },
        // as the Response's body: the key's usage counts the bytes as they leave (usage.ts)
        { onSocket: false },
      );
    },
  );
}
