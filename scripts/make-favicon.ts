/**
 * Writes public/favicon.ico from the site's icon, public/favicon.svg (the output is committed;
 * rerun after changing the icon). Pages name the SVG in their head; a browser, a PDF viewer or
 * a bare HTML page that names none asks for /favicon.ico, which this file answers: an ICO
 * holding the icon as 16, 32 and 48 px PNGs.
 *
 *   npm exec -- node scripts/make-favicon.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const PUBLIC = resolve(dirname(fileURLToPath(import.meta.url)), '../public');
export const FAVICON_SIZES = [16, 32, 48] as const;

/** An ICO file of PNG images (each `size` px square). */
export function icoOf(images: readonly { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0); // width (0 means 256)
    entry.writeUInt8(size >= 256 ? 0 : size, 1); // height
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

export async function faviconIco(svg: Buffer): Promise<Buffer> {
  const images = await Promise.all(
    FAVICON_SIZES.map(async (size) => ({
      size,
      png: await sharp(svg, { density: 300 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer(),
    })),
  );
  return icoOf(images);
}

async function main() {
  const ico = await faviconIco(readFileSync(resolve(PUBLIC, 'favicon.svg')));
  writeFileSync(resolve(PUBLIC, 'favicon.ico'), ico);
  console.log(`wrote ${resolve(PUBLIC, 'favicon.ico')} (${ico.length} bytes)`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
