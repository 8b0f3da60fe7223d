/**
 * Writes the shop's artwork into public/ (the outputs are committed; rerun after changing
 * scripts/art/*):
 * - images/shapes/{shape}.svg, {shape}_side.svg, {shape}_parcel.svg for every shape in
 *   SHAPES_WITH_IMAGES: thin-line face, profile and parcel drawings;
 * - images/shapes/icons/{shape}.png, {shape}_parcel.png: the face and parcel drawings as small
 *   bitmaps, for the list's rows and the shape filter (scripts/art/icons.ts);
 * - media/gallery/{shape}-{1..3}.svg, media/360/round/frame-000..035.svg: the demo stones'
 *   media (db/seed/media.ts);
 * - media/certificates/sample-certificate.pdf, written to the repository's media/ folder
 *   instead (CERTIFICATES_DIR: outside the public site, signed-in users only);
 * - images/{home,about,contact,api,news,logos}/*.svg: illustrations for the starter content.
 *
 *   npm exec -- node scripts/make-shape-svgs.ts      (or: npx node scripts/make-shape-svgs.ts)
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHAPES_WITH_IMAGES } from '../src/domain/diamond.ts';
import { shapeIcons } from './art/icons.ts';
import { logos } from './art/logos.ts';
import { samplePdf } from './art/pdf.ts';
import { SPIN_FRAMES, galleryViews, ownIds, spinFrame } from './art/photos.ts';
import { faceSvg, parcelSvg, sideSvg } from './art/shapes.ts';
import { siteImages } from './art/site.ts';

const PUBLIC = resolve(dirname(fileURLToPath(import.meta.url)), '../public');
/** a path starting with this goes to the repository root, not public/ */
const PRIVATE = '../';

export async function artwork(): Promise<Record<string, string | Buffer>> {
  const files: Record<string, string | Buffer> = {};
  const iconed: Record<string, string> = {};
  for (const shape of SHAPES_WITH_IMAGES) {
    files[`images/shapes/${shape}.svg`] = iconed[shape] = faceSvg(shape);
    files[`images/shapes/${shape}_side.svg`] = sideSvg(shape);
    files[`images/shapes/${shape}_parcel.svg`] = iconed[`${shape}_parcel`] = parcelSvg(shape);
    galleryViews(shape).forEach((svg, i) => (files[`media/gallery/${shape}-${i + 1}.svg`] = svg));
  }
  for (let i = 0; i < SPIN_FRAMES; i++) files[`media/360/round/frame-${String(i).padStart(3, '0')}.svg`] = spinFrame(i);
  files[`${PRIVATE}media/certificates/sample-certificate.pdf`] = samplePdf();
  Object.assign(files, siteImages(), logos(), await shapeIcons(iconed));
  for (const [path, data] of Object.entries(files)) if (path.endsWith('.svg')) files[path] = ownIds(data as string);
  return files;
}

async function main() {
  const files = await artwork();
  let bytes = 0;
  for (const [path, data] of Object.entries(files)) {
    const target = join(PUBLIC, path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, data);
    bytes += typeof data === 'string' ? Buffer.byteLength(data) : data.length;
  }
  console.log(`wrote ${Object.keys(files).length} files (${(bytes / 1024).toFixed(0)} KiB) under ${PUBLIC}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
