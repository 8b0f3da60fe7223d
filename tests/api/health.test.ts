import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';

describe('GET /api/v1/health', () => {
  it('answers 200 { ok: true } when the process and its database are up', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.request('/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });
});

describe('unknown API paths', () => {
  it('answer 404 in the error shape { errors: { msg } }', async () => {
    const t = await createTestApp({ seed: false });
    const res = await t.request('/nope');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = (await res.json()) as { errors?: { msg?: unknown } };
    expect(typeof body.errors?.msg).toBe('string');
    expect(String(body.errors?.msg)).not.toBe('');
  });
});
