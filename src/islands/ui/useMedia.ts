/**
 * true while the media query matches, following changes. An island the build renders starts
 * false (as its server render did, so hydration matches) and updates after mounting; an
 * island rendered only in the browser (`client:only`) passes `{ clientOnly: true }` to start
 * with the real answer and skip a first render at the wrong size.
 */
import { useEffect, useState } from 'react';

/** phones: the one breakpoint the islands switch their layout at */
export const PHONE_QUERY = '(max-width: 599px)';

export function useMedia(query: string, { clientOnly = false }: { clientOnly?: boolean } = {}): boolean {
  const [matches, setMatches] = useState(() => clientOnly && window.matchMedia(query).matches);
  useEffect(() => {
    const mq = window.matchMedia(query);
    setMatches(mq.matches);
    const on = () => setMatches(mq.matches);
    mq.addEventListener('change', on);
    return () => mq.removeEventListener('change', on);
  }, [query]);
  return matches;
}
