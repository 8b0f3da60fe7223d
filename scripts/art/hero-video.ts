/**
 * Frames of the home hero's two videos, drawn from the shop's own round brilliant mesh
 * (the shaded look of the 360 frames) on an ivory studio ground, SIZE x SIZE pixels:
 * - intro: the stone comes up out of the ivory, face up, and tips forward to three-quarter
 *   view while it turns, ending where the loop begins;
 * - loop: the stone turns slowly at three-quarter view; one loop is an eighth of a turn (the
 *   brilliant's symmetry), and its first frames are cross-faded with the frames that follow
 *   its end (scripts/make-hero-video.ts) so the facets' play joins without a jump.
 */
import { shadedStone } from './photos.ts';
import { meshFor } from './shapes.ts';
import { bounds, project, type Camera, type Placement } from './render.ts';

export const SIZE = 720;
export const FPS = 24;
export const INTRO_FRAMES = 5 * FPS;
export const LOOP_FRAMES = 4 * FPS;
/** frames rendered past the loop's end and faded into its start */
export const LOOP_FADE = FPS;

const REST_PITCH = 30;
const LOOP_TURN = 45;
const STONE = 0.52; // the stone's width in frame widths at rest

const ease = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);
const clamp = (t: number) => Math.max(0, Math.min(1, t));

function ground(shadow: number): string {
  const c = SIZE / 2;
  return (
    `<defs><radialGradient id="iv" cx="50%" cy="44%" r="72%"><stop offset="0" stop-color="#fbfaf7"/>` +
    `<stop offset=".7" stop-color="#f3f0ea"/><stop offset="1" stop-color="#e9e5dd"/></radialGradient>` +
    `<radialGradient id="sh"><stop offset="0" stop-color="#2a241b" stop-opacity=".22"/>` +
    `<stop offset="1" stop-color="#2a241b" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#iv)"/>` +
    `<ellipse cx="${c}" cy="${SIZE * 0.78}" rx="${SIZE * 0.24 * shadow}" ry="${SIZE * 0.035 * shadow}" fill="url(#sh)" opacity="${shadow}"/>`
  );
}

/** The stone's placement: a fixed size, its middle at the frame's centre (a little above). */
function placement(cam: Camera, scale: number): Placement {
  const b = bounds(project(meshFor('round'), cam).flatMap((f) => f.pts));
  const unit = (SIZE * STONE * scale) / 1.0;
  return { scale: unit, x: SIZE / 2 - ((b.x0 + b.x1) / 2) * unit, y: SIZE * 0.46 - ((b.y0 + b.y1) / 2) * unit };
}

function frame(cam: Camera, scale: number, opacity: number, shadow: number): string {
  const stone = shadedStone('round', cam, { x: 0, y: 0, w: SIZE, h: SIZE }, placement(cam, scale));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}">` +
    `${ground(shadow)}<g opacity="${opacity.toFixed(3)}">${stone}</g></svg>`
  );
}

/** Intro frame i of INTRO_FRAMES: up from face-up to three-quarter view, turning into the loop's start. */
export function introFrame(i: number): string {
  const t = i / (INTRO_FRAMES - 1);
  const tip = ease(clamp((t - 0.15) / 0.85));
  const cam: Camera = { yaw: -150 * (1 - tip), pitch: 90 - (90 - REST_PITCH) * tip };
  const appear = ease(clamp(t / 0.35));
  return frame(cam, 0.82 + 0.18 * tip, appear, appear);
}

/** Loop frame i (0 .. LOOP_FRAMES + LOOP_FADE - 1): the stone turned i/LOOP_FRAMES of an eighth turn. */
export function loopFrame(i: number): string {
  return frame({ yaw: (LOOP_TURN * i) / LOOP_FRAMES, pitch: REST_PITCH }, 1, 1, 1);
}
