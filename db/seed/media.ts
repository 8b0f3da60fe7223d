/**
 * Media rows for seeded stones. Every stone's shape image is derived from its shape
 * (shapeImage() in src/domain/diamond.ts), so only the extras are rows:
 * - gallery: 2-3 images of the stone's shape (files made by scripts/make-shape-svgs.ts under
 *   public/media/gallery/{shape}-{1..3}.svg; shapes without artwork use round's);
 * - 360: one frame set of a rotating round brilliant, `src` is the folder and the frames are
 *   `{src}frame-000.svg` .. `frame-035.svg` (framesCount 36, format 'svg');
 * - certificate: the one sample grading-report PDF (media/certificates/, not in the public site).
 */
import type { MediaPlan } from './diamonds.ts';
import { SHAPES_WITH_IMAGES } from '../../src/domain/diamond.ts';

export const GALLERY_DIR = '/media/gallery/';
export const SPIN_SET = { src: '/media/360/round/', framesCount: 36, format: 'svg' } as const;
/** a file of CERTIFICATES_DIR (outside the public site: signed-in users get it through the API) */
export const SAMPLE_CERTIFICATE = 'sample-certificate.pdf';

/** The frame file of a 360 set (0-based), as the player should build it. */
export const spinFrame = (src: string, index: number, format: string) =>
  `${src}frame-${String(index).padStart(3, '0')}.${format}`;

export type MediaRow = {
  diamondId: number;
  type: 'image' | '360';
  src: string;
  framesCount: number | null;
  format: string | null;
  position: number;
};

export function galleryShape(shape: string): string {
  const key = shape.trim().toLowerCase();
  return (SHAPES_WITH_IMAGES as readonly string[]).includes(key) ? key : 'round';
}

export function mediaRows(diamondId: number, shape: string, plan: MediaPlan): MediaRow[] {
  const rows: MediaRow[] = [];
  const key = galleryShape(shape);
  for (let n = 1; n <= plan.gallery; n++) {
    rows.push({
      diamondId,
      type: 'image',
      src: `${GALLERY_DIR}${key}-${n}.svg`,
      framesCount: null,
      format: null,
      position: n - 1,
    });
  }
  if (plan.spin) {
    rows.push({ diamondId, type: '360', ...SPIN_SET, position: rows.length });
  }
  return rows;
}
