/**
 * The request log (api/middleware/request-log.ts): one plain line per answered request, with
 * the path but never its query string (search words, tokens), and nothing when turned off.
 */
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestLog } from '../../api/middleware/request-log.ts';

const appWith = (enabled: boolean) =>
  new Hono().use(requestLog(enabled)).post('/api/v1/things', (c) => c.json({ ok: true }, 201));

afterEach(() => vi.restoreAllMocks());

describe('request log', () => {
  it('prints method, path, status and duration on one line, without the query string', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const res = await appWith(true).request('/api/v1/things?token=s3cret&q=alice%40example.com', { method: 'POST' });
    expect(res.status).toBe(201);
    expect(log).toHaveBeenCalledTimes(1);
    const line = String(log.mock.calls[0]?.[0]);
    expect(line).toMatch(/^POST \/api\/v1\/things 201 \d+\.\dms$/);
    expect(line).not.toContain('s3cret');
    expect(line).not.toContain('alice');
  });

  it('prints nothing when LOG_REQUESTS is off', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await appWith(false).request('/api/v1/things', { method: 'POST' });
    expect(log).not.toHaveBeenCalled();
  });
});
