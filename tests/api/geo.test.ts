import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers.ts';

const geo = async (t: Awaited<ReturnType<typeof createTestApp>>, headers: Record<string, string> = {}) => {
  const res = await t.request('/geo', { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  return ((await res.json()) as { country: string | null }).country;
};

describe('GET /api/v1/geo (the cookie notice country)', () => {
  it('answers the two-letter country of the proxy header, upper-cased', async () => {
    const t = await createTestApp({ seed: false });
    expect(await geo(t, { 'cf-ipcountry': 'DE' })).toBe('DE');
    expect(await geo(t, { 'cf-ipcountry': 'us' })).toBe('US');
  });

  it('answers null when the header is absent, unknown (XX) or not a country code', async () => {
    const t = await createTestApp({ seed: false });
    expect(await geo(t)).toBeNull();
    expect(await geo(t, { 'cf-ipcountry': 'XX' })).toBeNull();
    expect(await geo(t, { 'cf-ipcountry': 'T1' })).toBeNull();
    expect(await geo(t, { 'cf-ipcountry': 'Germany' })).toBeNull();
  });

  it('reads the header named by COUNTRY_HEADER and ignores the default one', async () => {
    const t = await createTestApp({ seed: false, env: { COUNTRY_HEADER: 'x-country-code' } });
    expect(await geo(t, { 'x-country-code': 'FR' })).toBe('FR');
    expect(await geo(t, { 'cf-ipcountry': 'FR' })).toBeNull();
  });
});
