/**
 * Reading a shared store from an island the build renders (client:load, client:idle,
 * client:visible). The build renders every island with the stores as they start; in the
 * browser another island may have loaded the session or the site before this one hydrates,
 * and a first render from the live store then differs from the HTML (React error #418, and
 * React keeps the wrong attributes). So hydration reads `atBuild` (the store's starting value,
 * see ./at-build.ts), and React re-renders with the live value straight after. Islands that
 * only render in the browser (`client:only`) and renders after hydration read the live value.
 */
import { useCallback, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

export function useIslandStore<T>(store: ReadableAtom<T>, atBuild: T): T {
  const subscribe = useCallback((changed: () => void) => store.listen(changed), [store]);
  const live = useCallback(() => store.get(), [store]);
  const built = useCallback(() => atBuild, [atBuild]);
  return useSyncExternalStore(subscribe, live, built);
}
