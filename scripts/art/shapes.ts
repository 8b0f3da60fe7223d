/**
 * The storefront's shape images: thin #111 line drawings on a transparent ground, square
 * viewBox 0 0 200 200, one stroke width for every line of every file.
 * - face: the stone seen from above (table, stars, kites, halves or steps);
 * - side: its profile (crown, girdle, pavilion);
 * - parcel: a loose cluster of four stones of the shape, tilted this way and that.
 */
import { buildMesh, type Mesh } from './mesh.ts';
import { outlineFor } from './outlines.ts';
import { edgePath, fit, project, silhouettePath, type Camera, type Placement, type Projected } from './render.ts';

export const STROKE = '#111';
export const STROKE_WIDTH = 1;
const SIZE = 200;

const meshes = new Map<string, Mesh>();
export function meshFor(shape: string): Mesh {
  let m = meshes.get(shape);
  if (!m) {
    m = buildMesh(outlineFor(shape));
    meshes.set(shape, m);
  }
  return m;
}

export const TOP: Camera = { yaw: 0, pitch: 90 };
/** Profiles show the length, except hearts and trilliants, seen from their point. */
export const sideCamera = (shape: string): Camera => ({
  yaw: shape === 'heart' || shape === 'trilliant' ? 180 : 90,
  pitch: 0,
});

const svg = (title: string, body: string, size = SIZE) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="${title}">` +
  `<title>${title}</title>${body}</svg>\n`;

const lines = (d: string, width = STROKE_WIDTH, colour = STROKE) =>
  `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linejoin="round" stroke-linecap="round"/>`;

const label = (shape: string) => shape.charAt(0).toUpperCase() + shape.slice(1);

export function faceSvg(shape: string): string {
  const faces = project(meshFor(shape), TOP);
  const at = fit(faces, { x: 22, y: 22, w: 156, h: 156 });
  return svg(`${label(shape)} cut diamond, face up`, lines(edgePath(faces, at)));
}

export function sideSvg(shape: string): string {
  const faces = project(meshFor(shape), sideCamera(shape));
  const at = fit(faces, { x: 14, y: 40, w: 172, h: 120 });
  return svg(`${label(shape)} cut diamond, profile`, lines(edgePath(faces, at)));
}

/** A stone drawn over what is behind it: white silhouette, then its edges. */
export function occludingStone(
  faces: Projected[],
  at: Placement,
  ground = '#fff',
  colour = STROKE,
  width = STROKE_WIDTH,
) {
  return (
    `<path d="${silhouettePath(faces, at)}" fill="${ground}" stroke="${ground}" stroke-width="${width}" stroke-linejoin="round"/>` +
    lines(edgePath(faces, at), width, colour)
  );
}

type Loose = { cam: Camera; x: number; y: number; size: number };
/** Four stones in a loose heap: positions in a 200 box, back ones first. */
const HEAP: Loose[] = [
  { cam: { yaw: 25, pitch: 62 }, x: 62, y: 70, size: 62 },
  { cam: { yaw: -35, pitch: 74 }, x: 136, y: 66, size: 58 },
  { cam: { yaw: 70, pitch: 48 }, x: 150, y: 132, size: 54 },
  { cam: { yaw: -10, pitch: 88 }, x: 84, y: 134, size: 68 },
];

export function parcelSvg(shape: string, heap: Loose[] = HEAP): string {
  const mesh = meshFor(shape);
  const body = heap
    .map(({ cam, x, y, size }) => {
      const faces = project(mesh, cam);
      const at = fit(faces, { x: x - size / 2, y: y - size / 2, w: size, h: size });
      return occludingStone(faces, at);
    })
    .join('');
  return svg(`A parcel of ${shape} cut diamonds`, body);
}
