/**
 * The feed limit: full downloads count against the key's hourly `feed` policy (12), announced in
 * RateLimit-Policy; the 13th download in the hour is 429 with Retry-After; a 304 is free.
 */
import { describe, expect, it } from 'vitest';
import { errorOf } from './auth-helpers.ts';
import { createLinkTestApp, linkKeyFor } from './link-fixtures.ts';

describe('API Link feed limit', () => {
  it('charges each full download: 12 an hour, then 429; a 304 is not counted', async () => {
    const t = await createLinkTestApp({ seed: false });
    const key = await linkKeyFor(t, 'dev@jeweller.example', 'trade');
    const first = await t.call('/feed', key);
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toContain('"feed";q=12;w=3600');
    expect(first.headers.get('ratelimit')).toMatch(/"feed";r=11;t=\d+/);
    const etag = first.headers.get('etag')!;
    for (let i = 0; i < 5; i++)
      expect((await t.call('/feed', key, { headers: { 'if-none-match': etag } })).status).toBe(304);
    for (let i = 2; i <= 12; i++) expect((await t.call('/feed?format=csv', key)).status, `download ${i}`).toBe(200);
    const over = await t.call('/feed', key);
    expect(over.status).toBe(429);
    expect((await errorOf(over)).options).toMatchObject({ policy: 'feed' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // other calls go on under the default policy
    expect((await t.call('/stones?limit=1', key)).status).toBe(200);
    t.clock.advance(3_600_000);
    expect((await t.call('/feed', key)).status).toBe(200);
  });
});
