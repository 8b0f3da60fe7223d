/**
 * The shapes' small icons (src/domain/diamond.ts shapeIcon): each face and parcel drawing as a
 * SHAPE_ICON_PX square PNG, drawn at twice that size and scaled down (sharp, librsvg inside).
 */
import sharp from 'sharp';
import { SHAPE_ICON_PX } from '../../src/domain/diamond.ts';

/** the drawings' own size (their viewBox is 200 units square, drawn at 72 dpi) */
const DRAWN_PX = 200;

export async function shapeIcons(drawings: Record<string, string>): Promise<Record<string, Buffer>> {
  const icons: Record<string, Buffer> = {};
  for (const [name, svg] of Object.entries(drawings)) {
    icons[`images/shapes/icons/${name}.png`] = await sharp(Buffer.from(svg), {
      density: (72 * 2 * SHAPE_ICON_PX) / DRAWN_PX,
    })
      .resize(SHAPE_ICON_PX, SHAPE_ICON_PX)
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  }
  return icons;
}
