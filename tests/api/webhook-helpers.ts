/**
 * Helpers for the webhook tests: a receiver on loopback (node:http) whose answers the test
 * scripts, and an API Link test app with the webhook routes behind a test-only auth that sets
 * the contract's variables from an `x-test-user` header (12a's key auth replaces it at merge).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { onError, onNotFound } from '../../api/middleware/errors.ts';
import { LINK_BASE } from '../../api/link/base.ts';
import type { LinkEnv } from '../../api/link/types.ts';
import { webhookRoutes } from '../../api/link/webhooks.ts';
import type { Deps } from '../../api/types.ts';
import { first, writeTx } from '../../db/client.ts';
import { users, type User } from '../../db/tables.ts';
import { enqueueChangeEvents } from '../../api/services/webhooks/enqueue.ts';
import type { ChangeEvent } from '../../api/services/webhooks/model.ts';
import type { TestApp } from './helpers.ts';

export type Received = { headers: IncomingHttpHeaders; body: string };

/** A loopback receiver: answers with `answer()` (default 200), keeps every request. */
export async function startReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answer(received.length);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const depsOf = (t: TestApp): Deps => ({ db: t.db, mailer: t.mailer, clock: t.clock, config: t.config });

/** API Link with only the webhook routes, authenticated by `x-test-user: <user id>`. */
export function linkTestApp(t: TestApp, deps: Deps = depsOf(t)) {
  const app = new Hono<LinkEnv>();
  app.onError(onError);
  app.notFound(onNotFound);
  const link = new Hono<LinkEnv>()
    .use('*', async (c, next) => {
      const id = Number(c.req.header('x-test-user'));
      const user = Number.isInteger(id) ? await first(t.db.select().from(users).where(eq(users.id, id))) : undefined;
      if (!user) return c.json({ errors: { msg: 'unauthorized' } }, 401);
      c.set('linkUser', user);
      c.set('linkKey', { id: 1, userId: user.id, scope: 'trade', name: 'test' });
      await next();
    })
    .route('/webhooks', webhookRoutes(deps));
  app.route(LINK_BASE, link);
  return (user: User, path: string, method = 'GET', body?: unknown) =>
    app.request(`${LINK_BASE}${path}`, {
      method,
      headers: {
        'x-test-user': String(user.id),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

let seq = 1000;
/** Change events as the stock change log would hand them over, enqueued in one transaction. */
export async function enqueue(t: TestApp, kinds: ChangeEvent['kind'][]): Promise<number> {
  const at = new Date(t.clock.now());
  const changes = kinds.map((kind) => ({ seq: ++seq, stockCode: `FT-${seq}`, kind, fields: ['price'], at }));
  return writeTx(t.db, (tx) => enqueueChangeEvents(tx, changes, at));
}
