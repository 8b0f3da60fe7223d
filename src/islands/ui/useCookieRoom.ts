/**
 * `--cookie-h` for an element that must clear the cookie notice (stores/cookie-room.ts), as its
 * style. Read as an island store: the notice may take its room before the island hydrates, and
 * the hydrating render must match the built HTML (0) for React to apply the room after it.
 */
import { useMemo, type CSSProperties } from 'react';
import { $cookieRoom } from '../../stores/cookie-room.ts';
import { AT_BUILD } from './at-build.ts';
import { useIslandStore } from './useIslandStore.ts';

export function useCookieRoom(): CSSProperties {
  const px = useIslandStore($cookieRoom, AT_BUILD.cookieRoom);
  return useMemo(() => ({ '--cookie-h': `${px}px` }) as CSSProperties, [px]);
}
