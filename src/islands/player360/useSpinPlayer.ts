/**
 * The 360 player's behaviour: the frame clock (50 ms a frame, looping), drag to orbit
 * (pausing the clock while the pointer is down), zoom in 0.3 steps and the controls that
 * hide after 2 s without pointer movement. The maths is src/domain/player360.ts.
 */
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import {
  CONTROLS_HIDE_MS,
  FRAME_MS,
  frameFromDrag,
  frameUrl,
  nextFrame,
  zoomIn,
  zoomOut,
  ZOOM_MIN,
  wrapFrame,
  type SpinSet,
} from '../../domain/player360.ts';

type Drag = { x: number; frame: number; width: number };

export function useSpinPlayer(set: SpinSet, loop = true) {
  const [frame, setFrame] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [dragging, setDragging] = useState(false);
  const [zoom, setZoom] = useState(ZOOM_MIN);
  const [controlsShown, setControlsShown] = useState(true);
  const drag = useRef<Drag | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // preload every frame once, so playback does not flicker
  useEffect(() => {
    const images = Array.from({ length: set.framesCount }, (_, i) => {
      const img = new Image();
      img.src = frameUrl(set, i);
      return img;
    });
    return () => images.forEach((img) => (img.src = ''));
  }, [set]);

  useEffect(() => {
    if (!playing || dragging) return;
    const timer = setInterval(() => setFrame((f) => nextFrame(f, set.framesCount, loop)), FRAME_MS);
    return () => clearInterval(timer);
  }, [playing, dragging, set.framesCount, loop]);

  const poke = useCallback(() => {
    setControlsShown(true);
    clearTimeout(hideTimer.current);
    hideTimer.current = setTimeout(() => setControlsShown(false), CONTROLS_HIDE_MS);
  }, []);

  useEffect(() => {
    poke();
    return () => clearTimeout(hideTimer.current);
  }, [poke]);

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, frame, width: e.currentTarget.clientWidth };
    setDragging(true);
  };
  // (any pointer movement over the player, controls included, shows them: see Player360's figure)
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (d) setFrame(frameFromDrag(d.frame, e.clientX - d.x, d.width, set.framesCount));
  };
  const endDrag = () => {
    drag.current = null;
    setDragging(false);
  };

  return {
    frame,
    src: frameUrl(set, frame),
    playing,
    dragging,
    zoom,
    controlsShown,
    togglePlay: () => setPlaying((p) => !p),
    /** one frame back or forward (pauses the playback) */
    step: (delta: number) => {
      setPlaying(false);
      setFrame((f) => wrapFrame(f + delta, set.framesCount));
    },
    zoomIn: () => setZoom(zoomIn),
    zoomOut: () => setZoom(zoomOut),
    poke,
    handlers: { onPointerDown, onPointerMove, onPointerUp: endDrag, onPointerCancel: endDrag },
  };
}
