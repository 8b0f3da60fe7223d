/**
 * Helpers for the webhook tests: a receiver on loopback (node:http) whose answers the test
 * scripts, and calls to the API Link's webhook routes with a real key.
 *
 * Every body a receiver gets is held against the document's `webhooks` section
 * (tests/api/link-contract.ts `checkWebhookBody`), as every Link answer is against its
 * operation: a body that does not match fails the test when the receiver is closed (every
 * test closes its receivers), naming the body.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LINK_BASE } from '../../api/link/base.ts';
import type { Deps } from '../../api/types.ts';
import { writeTx } from '../../db/client.ts';
import type { User } from '../../db/tables.ts';
import { enqueueChangeEvents } from '../../api/services/webhooks/enqueue.ts';
import type { ChangeEvent } from '../../api/services/webhooks/model.ts';
import type { TestApp } from './helpers.ts';
import { checkWebhookBody, LinkContractError } from './link-contract.ts';
import { linkKeyFor } from './link-helpers.ts';

export type Received = { headers: IncomingHttpHeaders; body: string };

/**
 * A loopback receiver: answers with `answer()` (default 200), keeps every request, and checks
 * every body against the document: `close()` throws LinkContractError if one did not match.
 */
export async function startReceiver(answer: (n: number) => number = () => 200) {
  const received: Received[] = [];
  const problems: string[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      void checkWebhookBody(body)
        .catch((err: unknown) => {
          problems.push(err instanceof Error ? err.message : String(err));
        })
        .finally(() => {
          received.push({ headers: req.headers, body });
          res.statusCode = answer(received.length);
          res.end('ok');
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    /** bodies received that the document does not describe (close() throws if any) */
    problems,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (problems.length) throw new LinkContractError(problems.join('\n'));
    },
  };
}

export const depsOf = (t: TestApp): Deps => ({ db: t.db, mailer: t.mailer, clock: t.clock, config: t.config });

/**
 * Calls to the API Link's webhook routes as `user`, through the real key authentication (a
 * trade key made for the user on first use).
 */
export function linkTestApp(t: TestApp) {
  const keys = new Map<number, Promise<string>>();
  return async (user: User, path: string, method = 'GET', body?: unknown) => {
    if (!keys.has(user.id)) keys.set(user.id, linkKeyFor(t, user.email, 'trade'));
    return t.app.request(`${LINK_BASE}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await keys.get(user.id)!}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  };
}

let seq = 1000;
/** Change events as the stock change log would hand them over, enqueued in one transaction. */
export async function enqueue(t: TestApp, kinds: ChangeEvent['kind'][]): Promise<number> {
  const at = new Date(t.clock.now());
  const changes = kinds.map((kind) => ({ seq: ++seq, stockCode: `FT-${seq}`, kind, fields: ['price'], at }));
  return writeTx(t.db, (tx) => enqueueChangeEvents(tx, changes, at));
}
