/**
 * Reading a shared store from an island the build renders (client:load, client:idle,
 * client:painted, client:visible). The build renders every island with the stores as they start;
 * in the browser another island may have loaded the session or the site before this one
 * hydrates, and a first render from the live store then differs from the HTML (React error
 * #418, and React keeps the wrong attributes). So hydration reads `atBuild` (the store's
 * starting value, see ./at-build.ts), and the live value follows in a transition: React renders
 * it in slices that yield to the browser, where a `useSyncExternalStore` server snapshot would
 * have it re-render the whole island in one blocking task straight after hydration. Islands that
 * only render in the browser (`client:only`) and components mounted after hydration read the
 * live value from their first render; every later change of the store renders at once.
 */
import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

const never = () => () => {};
const same = () => 0;

export function useIslandStore<T>(store: ReadableAtom<T>, atBuild: T): T {
  // React asks for a server snapshot only while it hydrates: that is how this render knows
  // (both snapshots are the same, so the hook never re-renders anything itself)
  const hydrating = useRef(false);
  useSyncExternalStore(never, same, () => {
    hydrating.current = true;
    return 0;
  });
  const [shown, setShown] = useState<{ value: T }>(() => ({ value: hydrating.current ? atBuild : store.get() }));
  useEffect(() => {
    const show = (value: T) => setShown((s) => (Object.is(s.value, value) ? s : { value }));
    const off = store.listen(() => show(store.get()));
    // what the store holds now: after hydration a transition, else what a change since this
    // render missed
    const now = store.get();
    if (hydrating.current) {
      hydrating.current = false;
      startTransition(() => show(now));
    } else show(now);
    return off;
  }, [store]);
  return shown.value;
}
