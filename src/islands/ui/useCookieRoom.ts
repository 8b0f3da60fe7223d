/**
 * The room the cookie notice takes (px), and `--cookie-h` for an element that must clear it
 * (stores/cookie-room.ts), as its style. Read as an island store: the notice may take its room
 * before the island hydrates, and the hydrating render must match the built HTML (0) for React
 * to apply the room after it.
 */
import { useMemo, type CSSProperties } from 'react';
import { $cookieRoom } from '../../stores/cookie-room.ts';
import { AT_BUILD } from './at-build.ts';
import { useIslandStore } from './useIslandStore.ts';

export function useCookieRoom(): { px: number; style: CSSProperties } {
  const px = useIslandStore($cookieRoom, AT_BUILD.cookieRoom);
  const style = useMemo(() => ({ '--cookie-h': `${px}px` }) as CSSProperties, [px]);
  return { px, style };
}
