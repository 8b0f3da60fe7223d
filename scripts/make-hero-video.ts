/**
 * Writes the home hero's videos into public/media/hero/ (the outputs are committed; the site
 * build never runs this, and needs no ffmpeg). Rerun after changing scripts/art/hero-video.ts:
 *
 *   node scripts/make-hero-video.ts        (needs Debian's /usr/bin/ffmpeg with libvpx-vp9 and libx264)
 *
 * Each frame is an SVG (scripts/art/hero-video.ts) rasterised with sharp into a temporary
 * folder; ffmpeg encodes them as WebM (VP9) and MP4 (H.264, yuv420p, faststart), silent:
 * - intro.webm / intro.mp4: 5 s, played once;
 * - loop.webm / loop.mp4: 4 s, played on a loop (its first second cross-faded with the
 *   frames after its end, so it joins without a jump);
 * - intro-poster.{webp,jpg}, loop-poster.{webp,jpg}: the first frame of each, the videos'
 *   posters.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { FPS, INTRO_FRAMES, LOOP_FADE, LOOP_FRAMES, SIZE, introFrame, loopFrame } from './art/hero-video.ts';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../public/media/hero');
// Debian's ffmpeg (apt-get install ffmpeg); the build never needs it, only this script
const FFMPEG = '/usr/bin/ffmpeg';

const raw = async (svg: string): Promise<Buffer> => sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
const png = (pixels: Buffer) => sharp(pixels, { raw: { width: SIZE, height: SIZE, channels: 3 } }).png();

/** Mixes two frames: `a` weighted 1 - w, `b` weighted w. */
function mix(a: Buffer, b: Buffer, w: number): Buffer {
  const out = Buffer.alloc(a.length);
  for (let i = 0; i < a.length; i++) out[i] = Math.round(a[i]! * (1 - w) + b[i]! * w);
  return out;
}

async function writeFrames(dir: string, frames: Buffer[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await Promise.all(frames.map((f, i) => png(f).toFile(join(dir, `f${String(i).padStart(4, '0')}.png`))));
}

function encode(frames: string, name: string): void {
  const input = ['-y', '-loglevel', 'error', '-framerate', String(FPS), '-i', join(frames, 'f%04d.png'), '-an'];
  execFileSync(FFMPEG, [
    ...input,
    ...['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '42', '-row-mt', '1', '-pix_fmt', 'yuv420p'],
    join(OUT, `${name}.webm`),
  ]);
  execFileSync(FFMPEG, [
    ...input,
    ...['-c:v', 'libx264', '-preset', 'veryslow', '-crf', '30', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
    join(OUT, `${name}.mp4`),
  ]);
}

async function poster(first: Buffer, name: string): Promise<void> {
  await png(first)
    .webp({ quality: 78 })
    .toFile(join(OUT, `${name}-poster.webp`));
  await png(first)
    .jpeg({ quality: 78, mozjpeg: true })
    .toFile(join(OUT, `${name}-poster.jpg`));
}

async function main() {
  const tmp = mkdtempSync(join(tmpdir(), 'hero-video-'));
  mkdirSync(OUT, { recursive: true });
  try {
    const intro: Buffer[] = [];
    for (let i = 0; i < INTRO_FRAMES; i++) intro.push(await raw(introFrame(i)));
    const turn: Buffer[] = [];
    for (let i = 0; i < LOOP_FRAMES + LOOP_FADE; i++) turn.push(await raw(loopFrame(i)));
    // the loop's start fades from the frames after its end, so its last frame leads into its first
    const loop = turn
      .slice(0, LOOP_FRAMES)
      .map((f, i) => (i < LOOP_FADE ? mix(turn[LOOP_FRAMES + i]!, f, i / LOOP_FADE) : f));
    await writeFrames(join(tmp, 'intro'), intro);
    await writeFrames(join(tmp, 'loop'), loop);
    encode(join(tmp, 'intro'), 'intro');
    encode(join(tmp, 'loop'), 'loop');
    await poster(intro[0]!, 'intro');
    await poster(loop[0]!, 'loop');
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  const files = ['intro.webm', 'intro.mp4', 'loop.webm', 'loop.mp4'];
  const bytes = files.reduce((s, f) => s + statSync(join(OUT, f)).size, 0);
  console.log(`wrote ${files.join(', ')} (${(bytes / 1024).toFixed(0)} KiB together) and posters into ${OUT}`);
}

await main();
