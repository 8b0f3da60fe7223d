/**
 * The desktop carousel: 4.2 columns visible, arrows hidden at the ends, swipe by touch and
 * mouse past 10 px, a slider with a 2-digit counter and the total, and a click on a tile
 * centres it. The selected index starts at 0.
 */
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import {
  arrows,
  clampIndex,
  counter,
  DESKTOP_COLUMNS,
  swipe,
  SWIPE_THRESHOLD_PX,
  trackOffset,
} from '../../domain/home/carousel.ts';
import { StoneTile, type TileDoc } from './StoneTile.tsx';

type Props = { stones: TileDoc[]; signedIn: boolean; label: string };

export function Carousel({ stones, signedIn, label }: Props) {
  const [index, setIndex] = useState(0);
  const [width, setWidth] = useState(0);
  const viewport = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const count = stones.length;
  const show = arrows(index, count);
  const c = counter(index, count);

  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  useEffect(() => setIndex((i) => clampIndex(i, count)), [count]);

  const go = (i: number) => setIndex(clampIndex(i, count));
  const down = (e: PointerEvent) => {
    drag.current = { x: e.clientX, moved: false };
  };
  const move = (e: PointerEvent) => {
    if (drag.current && Math.abs(e.clientX - drag.current.x) > SWIPE_THRESHOLD_PX) drag.current.moved = true;
  };
  const up = (e: PointerEvent) => {
    if (!drag.current) return;
    const dx = e.clientX - drag.current.x;
    if (Math.abs(dx) > SWIPE_THRESHOLD_PX) setIndex((i) => swipe(i, count, dx));
    window.setTimeout(() => (drag.current = null), 0);
  };

  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <div
        className="carousel__viewport"
        ref={viewport}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={() => (drag.current = null)}
        onClickCapture={(e) => {
          if (drag.current?.moved) {
            e.preventDefault();
            e.stopPropagation();
          }
        }}
      >
        <ul className="carousel__track" style={{ transform: `translateX(${-trackOffset(index, count, width)}px)` }}>
          {stones.map((s, i) => (
            <li
              key={s._id}
              className={`carousel__item${i === index ? ' is-selected' : ''}`}
              style={{ flexBasis: `${100 / DESKTOP_COLUMNS}%` }}
              onClick={() => go(i)}
              aria-current={i === index ? 'true' : undefined}
            >
              <StoneTile stone={s} signedIn={signedIn} compact headingLevel="h4" />
            </li>
          ))}
        </ul>
      </div>
      <div className="carousel__controls">
        <button
          type="button"
          className="carousel__arrow"
          aria-label="Previous stone"
          hidden={!show.prev}
          onClick={() => go(index - 1)}
        >
          ←
        </button>
        <label className="carousel__slider">
          <span className="sr-only">Stone position</span>
          <input
            type="range"
            min={0}
            max={Math.max(0, count - 1)}
            value={index}
            onChange={(e) => go(Number(e.target.value))}
          />
        </label>
        <p className="carousel__counter num" aria-live="polite">
          <span data-carousel-position>{c.position}</span>
          <span aria-hidden="true"> / </span>
          <span className="sr-only"> of </span>
          <span data-carousel-total>{c.total}</span>
        </p>
        <button
          type="button"
          className="carousel__arrow"
          aria-label="Next stone"
          hidden={!show.next}
          onClick={() => go(index + 1)}
        >
          →
        </button>
      </div>
    </div>
  );
}
