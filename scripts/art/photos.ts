/**
 * "Photographs" of stones for the demo media: shaded renders on a soft studio ground.
 * - gallery: three views per shape (face up, tilted, profile), public/media/gallery/{shape}-{n}.svg
 * - 360: 36 frames of a round brilliant turning on a tilted axis, public/media/360/round/frame-NNN.svg
 * The pavilion seen through the table and crown gives the facet pattern a real stone shows.
 */
import { meshFor, sideCamera } from './shapes.ts';
import {
  facePath,
  facetTone,
  innerTone,
  fit,
  grey,
  project,
  type Camera,
  type Placement,
  type Projected,
} from './render.ts';

const SIZE = 400;
let uid = 0;

/**
 * A document's stone ids (`shadedStone`'s) numbered from 1 in the order they appear, however many
 * stones were drawn before it: the same drawing always writes the same file.
 */
export function ownIds(svg: string): string {
  const ids = new Map<string, string>();
  return svg.replace(/(id="|url\(#)(s\d+)(?=[a-z])/g, (_, lead: string, id: string) => {
    if (!ids.has(id)) ids.set(id, `s${ids.size + 1}`);
    return lead + ids.get(id)!;
  });
}

function ground(id: string, shadowY: number, shadowW: number): string {
  return (
    `<defs><radialGradient id="${id}g" cx="50%" cy="42%" r="75%"><stop offset="0" stop-color="#fbfbfb"/>` +
    `<stop offset="1" stop-color="#dcdcdc"/></radialGradient>` +
    `<radialGradient id="${id}s"><stop offset="0" stop-color="#000" stop-opacity=".28"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#${id}g)"/>` +
    `<ellipse cx="200" cy="${shadowY}" rx="${shadowW}" ry="${Math.max(10, shadowW * 0.16)}" fill="url(#${id}s)"/>`
  );
}

function facets(faces: Projected[], at: Placement, cam: Camera, inner = false): string {
  return faces
    .map((f) => {
      const tone = inner ? innerTone(f.normal, cam) : facetTone(f.normal, cam, f.part);
      return `<path d="${facePath(f, at)}" fill="${grey(tone)}"/>`;
    })
    .join('');
}

/**
 * One stone, shaded, fitted into `box` (or drawn at a fixed `placement`, so that a turning
 * stone keeps its size from frame to frame); the pavilion shows through the table and crown.
 */
export function shadedStone(
  shape: string,
  cam: Camera,
  box: { x: number; y: number; w: number; h: number },
  placement?: Placement,
): string {
  const id = `s${++uid}`;
  const mesh = meshFor(shape);
  const front = project(mesh, cam);
  const back = project(mesh, cam, 'back').filter((f) => f.part === 'pavilion');
  const at = placement ?? fit(front, box);
  const table = front.filter((f) => f.part === 'table');
  const crown = front.filter((f) => f.part === 'crown');
  let body = facets(front, at, cam);
  if (table.length) {
    body +=
      `<clipPath id="${id}t"><path d="${table.map((f) => facePath(f, at)).join('')}"/></clipPath>` +
      `<g clip-path="url(#${id}t)" opacity=".82">${facets(back, at, cam, true)}</g>`;
  }
  if (crown.length && back.length) {
    body +=
      `<clipPath id="${id}c"><path d="${crown.map((f) => facePath(f, at)).join('')}"/></clipPath>` +
      `<g clip-path="url(#${id}c)" opacity=".3">${facets(back, at, cam, true)}</g>`;
  }
  const edges = front.map((f) => facePath(f, at)).join('');
  return `${body}<path d="${edges}" fill="none" stroke="#111" stroke-opacity=".6" stroke-width=".6" stroke-linejoin="round"/>`;
}

const doc = (title: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}" role="img" aria-label="${title}">` +
  `<title>${title}</title>${body}</svg>\n`;

export function galleryViews(shape: string): string[] {
  const name = shape.charAt(0).toUpperCase() + shape.slice(1);
  const views: {
    title: string;
    cam: Camera;
    box: { x: number; y: number; w: number; h: number };
    shadow: [number, number];
  }[] = [
    {
      title: `${name} diamond, face up`,
      cam: { yaw: 0, pitch: 90 },
      box: { x: 70, y: 60, w: 260, h: 260 },
      shadow: [340, 120],
    },
    {
      title: `${name} diamond, tilted`,
      cam: { yaw: 28, pitch: 38 },
      box: { x: 60, y: 80, w: 280, h: 220 },
      shadow: [318, 130],
    },
    {
      title: `${name} diamond, profile`,
      cam: sideCamera(shape),
      box: { x: 50, y: 110, w: 300, h: 180 },
      shadow: [312, 140],
    },
  ];
  return views.map((v, i) => {
    const id = `g${shape.slice(0, 3)}${i}`;
    return doc(v.title, ground(id, v.shadow[0], v.shadow[1]) + shadedStone(shape, v.cam, v.box));
  });
}

export const SPIN_FRAMES = 36;

/** Frame i of the 360 set: the stone turned i x 10° about its axis, seen from 30° above. */
export function spinFrame(i: number): string {
  const cam: Camera = { yaw: (360 * i) / SPIN_FRAMES, pitch: 30 };
  return doc(
    `Round brilliant diamond, 360 view, frame ${i + 1} of ${SPIN_FRAMES}`,
    ground(`f${i}`, 318, 125) + shadedStone('round', cam, { x: 70, y: 70, w: 260, h: 240 }),
  );
}
