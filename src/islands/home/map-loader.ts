/**
 * Loads a maps script once: states initialised -> loading -> success | failure; a failed load
 * is retried up to 3 times after attempts * 2^attempts ms; calling it again with different
 * options throws. The script injection is a parameter so the loader can be tested without a
 * browser.
 *
 *   const loader = createMapLoader();
 *   await loader.load({ key, libraries: ['places'] });   // resolves when the script ran
 */
import { MAP_RETRIES, retryDelay, type MapLoaderState } from '../../domain/home/retry.ts';

export type MapOptions = { key: string; libraries?: string[]; url?: string };
export type InjectScript = (src: string) => Promise<void>;

export const MAPS_URL = 'https://maps.googleapis.com/maps/api/js';

export function mapScriptUrl(o: MapOptions): string {
  const qs = new URLSearchParams({ key: o.key, loading: 'async' });
  if (o.libraries?.length) qs.set('libraries', o.libraries.join(','));
  return `${o.url ?? MAPS_URL}?${qs}`;
}

/** Adds a <script> and resolves on load; removes it and rejects on error. */
export const injectScript: InjectScript = (src) =>
  new Promise((resolve, reject) => {
    const s = Object.assign(document.createElement('script'), { src, async: true });
    s.onload = () => resolve();
    s.onerror = () => {
      s.remove();
      reject(new Error(`The map script could not be loaded: ${src}`));
    };
    document.head.append(s);
  });

const same = (a: MapOptions, b: MapOptions) => JSON.stringify(a) === JSON.stringify(b);
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function createMapLoader(inject: InjectScript = injectScript, wait: (ms: number) => Promise<void> = sleep) {
  let state: MapLoaderState = 'initialised';
  let options: MapOptions | null = null;
  let done: Promise<void> | null = null;
  const listeners = new Set<(s: MapLoaderState) => void>();
  const set = (s: MapLoaderState) => {
    state = s;
    for (const l of listeners) l(s);
  };

  async function attempt(o: MapOptions): Promise<void> {
    for (let attempts = 0; ; attempts++) {
      try {
        await inject(mapScriptUrl(o));
        return;
      } catch (err) {
        if (attempts >= MAP_RETRIES) throw err;
        await wait(retryDelay(attempts + 1));
      }
    }
  }

  return {
    get state() {
      return state;
    },
    onState(fn: (s: MapLoaderState) => void) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    load(o: MapOptions): Promise<void> {
      if (options && !same(options, o)) throw new Error('The map loader was already called with different options');
      if (done) return done;
      options = o;
      set('loading');
      done = attempt(o).then(
        () => set('success'),
        (err: unknown) => {
          set('failure');
          throw err;
        },
      );
      return done;
    },
  };
}
