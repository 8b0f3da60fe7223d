/**
 * The request log (api/middleware/request-log.ts) of a real server: one JSON line per answered
 * request on stdout with time, level, request id, method, the route's pattern (never the query
 * string), status, duration, bytes, client and user; the request id sent back; an unexpected
 * error is one JSON line with its stack and the request id (api/middleware/errors.ts).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { insertUser, PASSWORD } from './auth-helpers.ts';
import { createTestApp } from './helpers.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';

type Line = Record<string, unknown>;

const jsonLines = (server: ServerProcess): Line[] =>
  server
    .output()
    .split('\n')
    .filter((l) => l.startsWith('{"level"'))
    .map((l) => JSON.parse(l) as Line);

/** Polls the server's stdout until a line matches (lines are written as the answer's last byte goes out). */
async function lineFor(server: ServerProcess, match: (l: Line) => boolean): Promise<Line> {
  for (let i = 0; i < 200; i++) {
    const found = jsonLines(server).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`no matching log line in:\n${server.output()}`);
}

const LOGGING = { NODE_ENV: 'development', LOG_REQUESTS: 'true' };

describe('request log', { timeout: 60_000 }, () => {
  it('writes one JSON line per request with the route pattern, never the query string', async () => {
    const t = await createTestApp({ seed: false });
    const user = await insertUser(t.db, { email: 'logged-user@example.com' });
    const server = await startServerProcess(t.config.databaseLocation, { ...LOGGING, TRUSTED_PROXIES: '127.0.0.1' });

    const login = await fetch(`${server.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(login.status).toBe(200);
    const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0] ?? '';

    // a trusted proxy's request id is kept; the e-mail in the query string is never logged
    const res = await fetch(`${server.url}/api/v1/posts/12345?search=alice%40example.com&token=s3cret`, {
      headers: { cookie, 'x-request-id': 'proxy-req-42' },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe('proxy-req-42');
    const line = await lineFor(server, (l) => l.reqId === 'proxy-req-42');
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      route: '/api/v1/posts/:id',
      status: 404,
      client: '127.0.0.1',
      user: user.id,
    });
    expect(new Date(String(line.time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(line.ms).toEqual(expect.any(Number));
    expect(line.bytes).toBeGreaterThan(Number(res.headers.get('content-length')));

    // the site's pages: the path without its query
    await (await fetch(`${server.url}/?email=bob%40example.com`)).text();
    const page = await lineFor(server, (l) => l.route === '/');
    expect(page).toMatchObject({ method: 'GET', status: 200 });
    expect(page.user).toBeUndefined();
    expect(page.bytes).toBeGreaterThan(0);

    const all = server.output();
    for (const secret of ['alice', 'bob', 's3cret', 'example.com']) expect(all).not.toContain(secret);
    // one line per request: the login, the post, the page
    expect(jsonLines(server).filter((l) => l.msg === 'request')).toHaveLength(3);
  });

  it('makes a request id when the sender is not a trusted proxy, and logs an unexpected error with it', async () => {
    const t = await createTestApp({ seed: false });
    const server = await startServerProcess(t.config.databaseLocation, LOGGING);
    // the posts list now fails unexpectedly
    await t.db.exec(t.db.engine === 'postgres' ? sql`drop table posts cascade` : sql`drop table posts`);

    const res = await fetch(`${server.url}/api/v1/posts/all`, { headers: { 'x-request-id': 'forged-id' } });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ errors: { msg: 'internal_error' } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const error = await lineFor(server, (l) => l.level === 'error');
    expect(error.reqId).toBe(id);
    expect(String((error.err as { stack?: string } | undefined)?.stack)).toMatch(/no such table|posts/);
    const request = await lineFor(server, (l) => l.msg === 'request');
    expect(request).toMatchObject({ reqId: id, route: '/api/v1/posts/all', status: 500 });
  });
});
