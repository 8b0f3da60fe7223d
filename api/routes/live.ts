/**
 * GET /api/v1/live: live stock as server-sent events (src/domain/live/events.ts is the
 * contract; api/services/live/ the machinery). Open to everyone: a visitor hears stones
 * entering and leaving the stock, a signed-in trader their priced rows, holds and
 * reservations (never whose) and their own holds and requests (`mine`).
 *
 * First event: `ready` { seq: the newest sequence } (with that `id` when the stream starts at
 * the newest, so a reconnect resumes from there); then `resync` when `Last-Event-ID` or
 * `?since=` is older than the log keeps (or ahead of it); then `stone` and `mine` events.
 * 400 when either is not a sequence number. Heartbeat comments every LIVE_HEARTBEAT_MS.
 * A trader's stream ends (with a `retry:` hint) once their session is signed out, revoked or
 * lapses: at once after a sign-out through this node, else at the next heartbeat (hub.ts).
 */
import { Hono } from 'hono';
import type { LiveReady, LiveResync } from '../../src/domain/live/events.ts';
import { framesFor, sseFrame, type Viewer } from '../services/live/events.ts';
import { liveAnswer, resumePoint, startingPoint } from '../services/live/stream.ts';
import type { AppEnv, Deps } from '../types.ts';

export function liveRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    const since = resumePoint(c.req.header('last-event-id'), c.req.query('since'));
    const user = c.var.user;
    const viewer: Viewer = user ? { audience: 'trade', userId: user.id } : { audience: 'visitor' };
    return liveAnswer(c, deps, {
      start: (latest) => startingPoint(deps.db, since, latest),
      pick: (ev) => framesFor(ev, viewer),
      account: user?.id,
      session: user ? c.var.session?.idHash : undefined,
      opening: (latest, start) => {
        const ready: LiveReady = { seq: Math.max(latest, start.from) };
        const resync: LiveResync | null = start.gap ? { reason: start.gap } : null;
        // starting from where it stands (no catch-up): that is the id to resume after
        return sseFrame('ready', ready, start.catchUp ? null : start.from) + (resync ? sseFrame('resync', resync) : '');
      },
    });
  });
}
