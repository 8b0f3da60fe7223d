/** The map script loader: states, 3 retries with attempts * 2^attempts ms, different options throw. */
import { describe, expect, it } from 'vitest';
import { createMapLoader, mapScriptUrl } from '../../src/islands/home/map-loader.ts';

describe('map loader', () => {
  it('retries 3 times with the back-off, then reports failure', async () => {
    const waits: number[] = [];
    let calls = 0;
    const loader = createMapLoader(
      async () => {
        calls++;
        throw new Error('offline');
      },
      async (ms) => void waits.push(ms),
    );
    const states: string[] = [loader.state];
    loader.onState((s) => states.push(s));
    await expect(loader.load({ key: 'k' })).rejects.toThrow('offline');
    expect(calls).toBe(4);
    expect(waits).toEqual([2, 8, 24]);
    expect(states).toEqual(['initialised', 'loading', 'failure']);
  });

  it('succeeds after a failed attempt and loads once', async () => {
    let calls = 0;
    const loader = createMapLoader(
      async () => {
        if (++calls === 1) throw new Error('blip');
      },
      async () => {},
    );
    await loader.load({ key: 'k', libraries: ['places'] });
    await loader.load({ key: 'k', libraries: ['places'] });
    expect(calls).toBe(2);
    expect(loader.state).toBe('success');
  });

  it('throws when called again with different options', async () => {
    const loader = createMapLoader(
      async () => {},
      async () => {},
    );
    await loader.load({ key: 'a' });
    expect(() => loader.load({ key: 'b' })).toThrow(/different options/);
  });

  it('builds the script url with the key and libraries', () => {
    expect(mapScriptUrl({ key: 'abc', libraries: ['places'] })).toBe(
      'https://maps.googleapis.com/maps/api/js?key=abc&loading=async&libraries=places',
    );
  });
});
