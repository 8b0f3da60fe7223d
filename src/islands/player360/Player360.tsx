/**
 * The 360 viewer: one frame of the set at a time, playing on its own, orbiting by drag,
 * zooming 1 to 3. `controls` false (the `noControlsAndLogo` flag) hides the buttons and the
 * logo. Keyboard: the play and zoom buttons; on the focused stage Space plays or pauses and
 * Left/Right step a frame.
 */
import type { KeyboardEvent } from 'react';
import { ASPECT, MAX_WIDTH, type SpinSet } from '../../domain/player360.ts';
import { useSpinPlayer } from './useSpinPlayer.ts';
import './player360.css';

type Props = { set: SpinSet; controls?: boolean; logo?: string | null; label?: string };

export function Player360({ set, controls = true, logo = null, label = '360° view of the stone' }: Props) {
  const p = useSpinPlayer(set);
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    const action = { ' ': p.togglePlay, ArrowLeft: () => p.step(-1), ArrowRight: () => p.step(1) }[e.key];
    if (action) {
      e.preventDefault();
      action();
    }
  };
  return (
    <figure
      className="p360"
      style={{ maxWidth: MAX_WIDTH, aspectRatio: String(ASPECT) }}
      data-frame={p.frame}
      data-playing={p.playing && !p.dragging ? 'true' : 'false'}
      data-controls={controls && p.controlsShown ? 'shown' : 'hidden'}
      onPointerEnter={p.poke}
      onPointerMove={p.poke}
      onFocus={p.poke}
    >
      <div
        className="p360__stage"
        role="img"
        aria-label={label}
        tabIndex={0}
        onKeyDown={onKey}
        style={{ cursor: p.dragging ? 'grabbing' : 'grab' }}
        {...p.handlers}
      >
        <img src={p.src} alt="" draggable={false} style={{ transform: `scale(${p.zoom})` }} />
      </div>
      {controls && logo && <span className="p360__logo">{logo}</span>}
      {controls && (
        <div className="p360__controls" aria-label="360 controls" role="toolbar">
          <button
            type="button"
            onClick={p.togglePlay}
            aria-pressed={!p.playing}
            aria-label={p.playing ? 'Pause' : 'Play'}
          >
            {p.playing ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button type="button" onClick={p.zoomOut} disabled={p.zoom <= 1} aria-label="Zoom out">
            −
          </button>
          <span className="p360__zoom num" aria-live="polite">
            {p.zoom.toFixed(1)}×
          </span>
          <button type="button" onClick={p.zoomIn} disabled={p.zoom >= 3} aria-label="Zoom in">
            +
          </button>
        </div>
      )}
      {controls && <figcaption className="p360__hint">Drag to turn</figcaption>}
    </figure>
  );
}

const PlayIcon = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
    <path d="M3 1.5v9l7-4.5z" fill="currentColor" />
  </svg>
);
const PauseIcon = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
    <path d="M3 1.5h2v9H3zM7 1.5h2v9H7z" fill="currentColor" />
  </svg>
);
