/**
 * The 360 player's pure maths: a frame sequence `{src}frame-NNN.{format}` played at 50 ms a
 * frame, looping by default; dragging orbits (one full turn per drag across the player's
 * width); zoom from 1 to 3 in steps of 0.3; max width 600 px at the default aspect 758/597;
 * controls hide after 2 s without pointer movement. Defaults for a set without its own: 256
 * frames of png.
 */
export const FRAME_MS = 50;
export const CONTROLS_HIDE_MS = 2000;
export const DEFAULT_FRAMES = 256;
export const DEFAULT_FORMAT = 'png';
export const ZOOM_MIN = 1;
export const ZOOM_MAX = 3;
export const ZOOM_STEP = 0.3;
export const MAX_WIDTH = 600;
export const ASPECT = 758 / 597;

export type SpinSet = { src: string; framesCount: number; format: string };
type MediaLike = { type: string; src: string; framesCount?: number | null; format?: string | null };

/** The first 360 item of an images answer, with the defaults filled in; null when none. */
export function spinSetOf(items: readonly MediaLike[]): SpinSet | null {
  const item = items.find((i) => i.type === '360');
  if (!item) return null;
  const n = item.framesCount;
  return {
    src: item.src,
    framesCount: n != null && Number.isInteger(n) && n > 0 ? n : DEFAULT_FRAMES,
    format: item.format?.trim() || DEFAULT_FORMAT,
  };
}

/** `{src}frame-007.svg`: 0-based, three digits (more when the set is longer). */
export function frameUrl(set: SpinSet, index: number): string {
  const sep = set.src.endsWith('/') ? '' : '/';
  return `${set.src}${sep}frame-${String(index).padStart(3, '0')}.${set.format}`;
}

/** A whole number wrapped into 0..count-1. */
export function wrapFrame(index: number, count: number): number {
  if (count <= 0) return 0;
  return ((Math.round(index) % count) + count) % count;
}

/** The frame after `index`: wraps when looping, else stops on the last. */
export function nextFrame(index: number, count: number, loop = true): number {
  if (count <= 0) return 0;
  if (index + 1 < count) return index + 1;
  return loop ? 0 : count - 1;
}

/**
 * The frame shown while dragging: the frame at the drag's start moved by the share of a turn
 * the pointer travelled (a full player width is one turn; right turns forward).
 */
export function frameFromDrag(startFrame: number, dx: number, width: number, count: number): number {
  if (count <= 0 || !(width > 0)) return wrapFrame(startFrame, count);
  return wrapFrame(startFrame + (dx / width) * count, count);
}

const oneDecimal = (n: number) => Math.round(n * 10) / 10;

export function clampZoom(z: number): number {
  if (!Number.isFinite(z)) return ZOOM_MIN;
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, oneDecimal(z)));
}

export const zoomIn = (z: number) => clampZoom(z + ZOOM_STEP);
export const zoomOut = (z: number) => clampZoom(z - ZOOM_STEP);

/** The player's box for the room it has: at most 600 px wide, height by the aspect. */
export function playerSize(available: number, aspect = ASPECT): { width: number; height: number } {
  const width = Math.max(0, Math.min(MAX_WIDTH, Math.floor(available)));
  return { width, height: Math.round(width / aspect) };
}
