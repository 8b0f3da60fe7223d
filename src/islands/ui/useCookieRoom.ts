/**
 * `--cookie-h`, the room the cookie notice takes, as the style of an element that must clear it
 * (stores/cookie-room.ts). Read as an island store: the notice may take its room
 * before the island hydrates, and the hydrating render must match the built HTML (0) for React
 * to apply the room after it.
 */
import { useMemo, type CSSProperties } from 'react';
import { $cookieRoom } from '../../stores/cookie-room.ts';
import { AT_BUILD } from './at-build.ts';
import { useIslandStore } from './useIslandStore.ts';

export function useCookieRoom(): CSSProperties {
  const px = useIslandStore($cookieRoom, AT_BUILD.cookieRoom);
  return useMemo(() => ({ '--cookie-h': `${px}px` }) as CSSProperties, [px]);
}
