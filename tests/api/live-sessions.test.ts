/**
 * Live stock and sessions: a trader's stream ends with their session, signed out through this
 * node (at once) or revoked anywhere (a row gone, as a password reset on another node leaves
 * it: at the next heartbeat), and nobody else's stream with it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openStreams } from '../../api/services/live/hub.ts';
import { sessions } from '../../db/tables.ts';
import { sseReader, type SseReader } from '../support/sse.ts';
import { createTestApp, insertUser, signIn } from './auth-helpers.ts';
import { TRADER } from './bag-fixtures.ts';

async function setup(heartbeatMs: string) {
  const t = await createTestApp({ env: { LIVE_POLL_MS: '200', LIVE_HEARTBEAT_MS: heartbeatMs } });
  const trader = await signIn(t, TRADER.email, TRADER.password);
  const other = await insertUser(t.db, { email: 'second@jeweller.example', status: 'approved' });
  const otherAgent = await signIn(t, other.email);
  const open = async (who: { request: typeof t.request }) => {
    const sse = sseReader(await who.request('/live'));
    expect((await sse.next())!.event).toBe('ready');
    return sse;
  };
  return { t, trader, other, otherAgent, open };
}

/** The stream's `retry:` hint, then its end. */
async function endsWithRetry(sse: SseReader, timeoutMs = 3000) {
  expect((await sse.until((e) => e.event === 'retry', timeoutMs)).at(-1)!.retry).toBeGreaterThanOrEqual(1000);
  expect(await sse.next()).toBeNull();
}

describe('GET /api/v1/live and the session', () => {
  it('a sign-out ends that session’s streams at once, not the others’', async () => {
    const { t, trader, otherAgent, open } = await setup('25000'); // no heartbeat within the test
    const [mine, others, visitor] = [await open(trader), await open(otherAgent), await open(t)];
    expect((await trader.request('/logout', { method: 'POST' })).status).toBe(200);
    await endsWithRetry(mine, 1000);
    expect(openStreams(t.db)).toBe(2);
    expect([others.ended, visitor.ended]).toEqual([false, false]);
    for (const s of [others, visitor]) await s.close();
  });

  it('a session revoked through any node ends its streams at the next heartbeat', async () => {
    const { t, other, otherAgent, trader, open } = await setup('50');
    const [revoked, kept, visitor] = [await open(otherAgent), await open(trader), await open(t)];
    // what another node's password reset or disabling leaves behind: the session's row gone
    await t.db.delete(sessions).where(eq(sessions.userId, other.id));
    await endsWithRetry(revoked);
    // the others keep beating
    for (const s of [kept, visitor]) expect((await s.next())!.event).toBe('comment');
    expect(openStreams(t.db)).toBe(2);
    for (const s of [kept, visitor]) await s.close();
  });
});
