/**
 * Reading a shared store from an island the build renders (client:load, client:idle,
 * client:painted, client:visible). The build renders every island with the stores as they start;
 * in the browser another island may have loaded the session or the site before this one
 * hydrates, and a first render from the live store then differs from the HTML (React error
 * #418, and React keeps the wrong attributes). So hydration reads `atBuild` (the store's
 * starting value, see ./at-build.ts), and the live value follows in a transition: React renders
 * it in slices that yield to the browser, where a `useSyncExternalStore` server snapshot would
 * have it re-render the whole island in one blocking task straight after hydration. Until every
 * island shows its live values the page is `html[data-settling]`, and the layout's head script
 * keeps a press on an island's button and replays it then, so no press is handled with the
 * values the page was built with (a trader's press taken for a visitor's). Islands that only
 * render in the browser (`client:only`) and components mounted after hydration read the live
 * value from their first render; every later change of the store renders at once.
 */
import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReadableAtom } from 'nanostores';

const never = () => () => {};
const same = () => 0;

/** Islands still to show their live values after hydration. */
let settling = 0;
function settle(by: 1 | -1) {
  settling += by;
  const root = document.documentElement;
  if (settling > 0) root.setAttribute('data-settling', '');
  else {
    root.removeAttribute('data-settling');
    document.dispatchEvent(new CustomEvent('facet:settled'));
  }
}
/** A hook's wait ends: its live value is on screen, it unmounted, or it waited too long. */
function stopWaiting(waiting: { current: ReturnType<typeof setTimeout> | null }) {
  if (waiting.current == null) return;
  clearTimeout(waiting.current);
  waiting.current = null;
  settle(-1);
}
/** the longest a press waits for an island's live values (a render that never comes keeps none) */
const SETTLE_MS = 3_000;

export function useIslandStore<T>(store: ReadableAtom<T>, atBuild: T): T {
  // React asks for a server snapshot only while it hydrates: that is how this render knows
  // (both snapshots are the same, so the hook never re-renders anything itself)
  const hydrating = useRef(false);
  useSyncExternalStore(never, same, () => {
    hydrating.current = true;
    return 0;
  });
  const [shown, setShown] = useState<{ value: T }>(() => ({ value: hydrating.current ? atBuild : store.get() }));
  const waiting = useRef<ReturnType<typeof setTimeout> | null>(null);
  // the live value is on screen (before the subscription's effect, which starts the wait)
  useEffect(() => stopWaiting(waiting), [shown]);
  useEffect(() => {
    const show = (value: T) => setShown((s) => (Object.is(s.value, value) ? s : { value }));
    const off = store.listen(() => show(store.get()));
    // what the store holds now: after hydration a transition, else what a change since this
    // render missed
    const now = store.get();
    if (!hydrating.current) show(now);
    else {
      hydrating.current = false;
      if (!Object.is(now, atBuild)) {
        waiting.current = setTimeout(() => stopWaiting(waiting), SETTLE_MS);
        settle(1);
        startTransition(() => show(now));
      }
    }
    return () => {
      off();
      stopWaiting(waiting);
    };
    // atBuild is read once, by the first effect after hydration
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);
  return shown.value;
}
