/** `--cookie-h` for an element that must clear the cookie notice (stores/cookie-room.ts), as its style. */
import { useMemo, type CSSProperties } from 'react';
import { useStore } from '@nanostores/react';
import { $cookieRoom } from '../../stores/cookie-room.ts';

export function useCookieRoom(): CSSProperties {
  const px = useStore($cookieRoom);
  return useMemo(() => ({ '--cookie-h': `${px}px` }) as CSSProperties, [px]);
}
