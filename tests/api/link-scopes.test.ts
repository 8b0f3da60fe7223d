/**
 * Key scopes: a retail key (public by design: it sits in a web page) reads stone data at the
 * marked-up prices and /me without personal data, and nothing that reads or changes the
 * account; a trade key does everything. The key list shows each key's scope.
 */
import { describe, expect, it } from 'vitest';
import { errorOf } from './auth-helpers.ts';
import { createKeyVia, linkCall, linkSetup } from './link-helpers.ts';

const LOOPBACK_OK = { WEBHOOKS_ALLOW_LOOPBACK: 'true' };
const post = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

describe('API Link scopes', () => {
  it('refuses every webhook call to a retail key with 403 scope_not_allowed; a trade key may', async () => {
    const { t, agent } = await linkSetup(LOOPBACK_OK);
    const retail = await createKeyVia(agent, 'Widget', 'retail');
    const trade = await createKeyVia(agent, 'Server', 'trade');
    const made = await linkCall(t, '/webhooks', trade.key, post({ url: 'http://127.0.0.1:9/hook' }));
    expect(made.status).toBe(201);
    const { webhook } = (await made.json()) as { webhook: { id: number } };
    const calls: [string, RequestInit?][] = [
      ['/webhooks'],
      ['/webhooks', post({ url: 'http://127.0.0.1:9/other' })],
      [`/webhooks/${webhook.id}`],
      [`/webhooks/${webhook.id}/secret`],
      [`/webhooks/${webhook.id}`, { method: 'DELETE' }],
      [`/webhooks/${webhook.id}/test`, { method: 'POST' }],
      [`/webhooks/${webhook.id}/deliveries`],
    ];
    for (const [path, init] of calls) {
      const res = await linkCall(t, path, retail.key, init);
      expect(res.status, `${init?.method ?? 'GET'} ${path}`).toBe(403);
      const err = await errorOf(res);
      expect(err.msg).toBe('scope_not_allowed');
      expect(err.options).toMatchObject({ scope: 'retail', needs: 'trade' });
      expect(String((err.options as { message: string }).message)).toMatch(/stone data only/);
    }
    // nothing changed: the endpoint is still there, with its secret unread by the retail key
    expect((await linkCall(t, `/webhooks/${webhook.id}`, trade.key)).status).toBe(200);
    // stone data is open to the retail key
    expect((await linkCall(t, '/stones?limit=1', retail.key)).status).toBe(200);
    expect((await linkCall(t, '/changes', retail.key)).status).toBe(200);
  });

  it('/me shows a retail key no e-mail; the key list shows each scope', async () => {
    const { t, agent, owner } = await linkSetup();
    const retail = await createKeyVia(agent, 'Widget', 'retail');
    const trade = await createKeyVia(agent, 'Server', 'trade');
    const asRetail = (await (await linkCall(t, '/me', retail.key)).json()) as { account: Record<string, unknown> };
    expect(asRetail.account).not.toHaveProperty('email');
    expect(JSON.stringify(asRetail)).not.toContain(owner.email);
    const asTrade = (await (await linkCall(t, '/me', trade.key)).json()) as { account: Record<string, unknown> };
    expect(asTrade.account.email).toBe(owner.email);
    const list = (await (await agent.request('/profile/api-keys')).json()) as {
      docs: { name: string; scope: string }[];
    };
    expect(list.docs.map((k) => [k.name, k.scope]).sort()).toEqual([
      ['Server', 'trade'],
      ['Widget', 'retail'],
    ]);
  });
});
