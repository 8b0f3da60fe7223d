/**
 * Body limits hold while the body streams, against a real server
 * process over HTTP: app.request hands the app a whole body, a socket does not.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import sharp from 'sharp';
import { PASSWORD, createTestApp, errorOf, insertAdmin, insertUser, signIn } from './auth-helpers.ts';
import { startServerProcess, type ServerProcess } from './server-process.ts';
import { KEEP_ALIVE_MS } from '../../api/server.ts';

const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 0x20); // JSON whitespace: valid as far as it goes

type Answer = { status?: number; body?: string; error?: string; sentMb: number };

/**
 * Sends up to `totalMb` of chunked body (no Content-Length), with backpressure, and stops
 * sending as soon as the server answers; resolves with the answer.
 */
function streamBody(
  server: ServerProcess,
  method: string,
  path: string,
  headers: Record<string, string>,
  totalMb: number,
): Promise<Answer> {
  return new Promise((done) => {
    let sent = 0;
    let finished = false;
    const finish = (a: Omit<Answer, 'sentMb'>) => {
      if (finished) return;
      finished = true;
      req.destroy();
      done({ ...a, sentMb: sent / MB });
    };
    const req = http.request(`${server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      agent: false,
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (d) => (body += String(d)));
      res.on('end', () => finish({ status: res.statusCode, body }));
      res.on('error', () => finish({ status: res.statusCode, body }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => finish({ error: e.code ?? e.message }));
    const pump = () => {
      while (!finished && sent < totalMb * MB) {
        sent += CHUNK.length;
        if (!req.write(CHUNK)) return void req.once('drain', pump);
      }
      if (!finished) req.end();
    };
    pump();
  });
}

async function adminServer() {
  const t = await createTestApp({ seed: false });
  const admin = await insertAdmin(t.db, { email: 'limits-admin@facet.example' });
  const server = await startServerProcess(t.config.databaseLocation);
  const login = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: admin.email, password: PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0] ?? '';
  return { t, server, cookie };
}

/** Every API route that takes a body (POST, PUT, PATCH), path parameters filled in. */
function bodyRoutes(routes: { method: string; path: string }[]): [string, string][] {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const r of routes) {
    if (!['POST', 'PUT', 'PATCH'].includes(r.method)) continue;
    const path = r.path.replace(/\/:[^/]+/g, '/1').replace(/\/\*$/, '');
    const key = `${r.method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push([r.method, path]);
  }
  return out;
}

describe('body limits while the body streams', () => {
  it(
    'answers 413 to a chunked 50 MB body on every JSON route, with the server memory bounded',
    { timeout: 120_000 },
    async () => {
      const { t, server, cookie } = await adminServer();
      const routes = bodyRoutes(t.app.routes);
      expect(routes.length).toBeGreaterThan(30);
      const before = server.peakRssMb();

      const results: { route: string; answer: Answer }[] = [];
      const queue = [...routes];
      // eight at a time, as in the report
      await Promise.all(
        Array.from({ length: 8 }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) {
            const [method, path] = next;
            results.push({
              route: `${method} ${path}`,
              answer: await streamBody(server, method, path, { cookie }, 50),
            });
          }
        }),
      );

      for (const { route, answer } of results) {
        expect(answer.status, `${route}: ${answer.error ?? ''}`).toBe(413);
        expect(JSON.parse(answer.body ?? '{}'), route).toEqual({ errors: { msg: 'payload_too_large' } });
        // the server stopped reading: flow control held the sender back long before the end
        expect(answer.sentMb, route).toBeLessThan(50);
      }
      const growth = server.peakRssMb() - before;
      expect(growth, `peak RSS grew by ${growth.toFixed(0)} MB`).toBeLessThan(64);
      // and it still answers
      expect((await fetch(`${server.url}/api/v1/health`)).status).toBe(200);
    },
  );

  it(
    'keeps keep-alive connections whole when the site-block routes refuse malformed or oversized bodies in parallel, and idle ones open longer than a proxy keeps its side',
    { timeout: 60_000 },
    async () => {
      const { server, cookie } = await adminServer();
      const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
      const bodies: [string, Buffer][] = [
        ['application/json', Buffer.alloc(1 * MB, 0x41)], // over the JSON limit, with Content-Length
        ['application/json', Buffer.from('{"type":"text","value":')],
        ['multipart/form-data; boundary=zz', Buffer.alloc(200 * 1024, 0x42)],
        ['multipart/form-data', Buffer.from('garbage')],
        ['text/plain', Buffer.alloc(300 * 1024, 0x43)],
      ];
      const send = (i: number) =>
        new Promise<number | string>((done) => {
          const [type, body] = bodies[i % bodies.length] as [string, Buffer];
          const path = i % 2 ? '/api/v1/configs/site-blocks/hero_title' : '/api/v1/configs/site-blocks';
          const req = http.request(
            `${server.url}${path}`,
            {
              method: i % 2 ? 'PATCH' : 'POST',
              agent,
              headers: { 'content-type': type, 'content-length': String(body.length), cookie },
            },
            (res) => {
              res.resume();
              res.on('end', () => done(res.statusCode ?? 0));
            },
          );
          req.on('error', (e: NodeJS.ErrnoException) => done(e.code ?? e.message));
          req.end(body);
        });
      const answers = await Promise.all(Array.from({ length: 80 }, (_, i) => send(i)));
      // an idle connection outlives a proxy's usual 60 s: no request meets one being closed
      const keepAlive = await new Promise((done) =>
        http.get(`${server.url}/api/v1/health`, { agent }, (res) => done(res.resume().headers['keep-alive'])),
      );
      expect(keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
      agent.destroy();
      const resets = answers.filter((a) => typeof a !== 'number');
      expect(resets, `connection errors: ${resets.join(', ')}`).toEqual([]);
      for (const a of answers) expect([400, 413, 415]).toContain(a);
    },
  );
});

describe('the limit for each request', () => {
  const noisePng = (side: number) =>
    sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer();

  it('lets an admin upload an image past the JSON limit, and holds anyone else to it', async () => {
    const uploads = mkdtempSync(join(tmpdir(), 'facet-limit-uploads-'));
    onTestFinished(() => rmSync(uploads, { recursive: true, force: true }));
    const t = await createTestApp({ seed: false, env: { UPLOADS_DIR: uploads } });
    const admin = await signIn(t, (await insertAdmin(t.db)).email);
    const buyer = await signIn(t, (await insertUser(t.db)).email);
    const img = await noisePng(300);
    expect(img.byteLength).toBeGreaterThan(64 * 1024);
    const form = () => {
      const f = new FormData();
      f.set('src', new File([img], 'poster.png', { type: 'image/png' }));
      return f;
    };
    const path = '/configs/site-blocks/home_welcome_poster';
    const refused = await buyer.request(path, { method: 'PATCH', body: form() });
    expect(refused.status).toBe(413);
    expect(await errorOf(refused)).toEqual({ msg: 'payload_too_large' });
    const ok = await admin.request(path, { method: 'PATCH', body: form() });
    expect([200, 404]).toContain(ok.status); // 404: the block is not in an unseeded database; the body got through
    expect(ok.status).not.toBe(413);
  });

  it('reads a chunked JSON body under the limit as usual, and refuses one over it', async () => {
    const t = await createTestApp({ seed: false });
    const chunked = (text: string) =>
      t.request('/check-email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new ReadableStream({
          start(c) {
            for (let i = 0; i < text.length; i += 1000) c.enqueue(new TextEncoder().encode(text.slice(i, i + 1000)));
            c.close();
          },
        }),
        duplex: 'half',
      } as RequestInit);
    const padded = (n: number) => JSON.stringify({ email: 'someone@example.com' }).replace('{', `{${' '.repeat(n)}`);
    expect((await chunked(padded(60 * 1024))).status).toBe(200);
    const over = await chunked(padded(70 * 1024));
    expect(over.status).toBe(413);
    expect(await errorOf(over)).toEqual({ msg: 'payload_too_large' });
  });
});
