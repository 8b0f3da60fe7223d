/**
 * Reading a media ZIP with fflate, within limits, one file at a time.
 *
 * The central directory is read first (`listZip`): a body that is not a ZIP is a 400
 * `not_a_zip`; more than MEDIA_MAX_ENTRIES entries (422 `zip_too_many_files`) or more than
 * MEDIA_UNPACKED_MAX_BYTES declared unpacked (422 `zip_too_large_unpacked`) refuse the whole ZIP
 * before anything is unpacked. Each file is then unpacked alone (`unpackEntry`) into a buffer
 * of its declared size, so a file that claims less than it holds cannot grow past it; one that
 * claims more than MEDIA_MAX_RATIO times its packed size is a zip bomb and is not unpacked.
 */
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { HttpError } from '../../middleware/errors.ts';
import {
  MEDIA_MAX_ENTRIES,
  MEDIA_MAX_RATIO,
  MEDIA_UNPACKED_MAX_BYTES,
  MEDIA_VIDEO_MAX_BYTES,
} from '../../../src/domain/stock-media/report.ts';

export type ZipEntry = UnzipFileInfo;

/** No single file may unpack past the largest kind accepted (a video). */
export const ENTRY_MAX_BYTES = MEDIA_VIDEO_MAX_BYTES;

const MB = 1024 * 1024;
const isZip = (b: Uint8Array) =>
  b.length >= 22 && b[0] === 0x50 && b[1] === 0x4b && (b[2] === 3 || b[2] === 5) && (b[3] === 4 || b[3] === 6);

/** The ZIP's entries as its central directory declares them (nothing unpacked). */
export function listZip(data: Uint8Array): ZipEntry[] {
  if (!isZip(data)) throw new HttpError(400, 'not_a_zip', { reason: 'The file is not a ZIP archive' });
  const entries: ZipEntry[] = [];
  try {
    unzipSync(data, {
      filter: (f) => {
        entries.push({ ...f });
        if (entries.length > MEDIA_MAX_ENTRIES) throw new TooMany();
        return false;
      },
    });
  } catch (err) {
    if (err instanceof TooMany)
      throw new HttpError(422, 'zip_too_many_files', {
        reason: `The ZIP holds more than ${MEDIA_MAX_ENTRIES.toLocaleString('en-GB')} files`,
      });
    throw new HttpError(400, 'not_a_zip', { reason: 'The ZIP archive is damaged or incomplete' });
  }
  const unpacked = entries.reduce((sum, e) => sum + e.originalSize, 0);
  if (unpacked > MEDIA_UNPACKED_MAX_BYTES)
    throw new HttpError(422, 'zip_too_large_unpacked', {
      reason: `Unpacked, the ZIP would be ${Math.ceil(unpacked / MB)} MB: the limit is ${MEDIA_UNPACKED_MAX_BYTES / MB} MB`,
    });
  return entries;
}

class TooMany extends Error {}

/** Why an entry is not unpacked at all (bomb, size, method), or null. */
export function entryRefusal(e: ZipEntry): string | null {
  if (e.compression !== 0 && e.compression !== 8)
    return 'Refused: packed with a method other than deflate (use a plain ZIP)';
  if (e.originalSize > ENTRY_MAX_BYTES)
    return `Refused: ${Math.ceil(e.originalSize / MB)} MB unpacked, past the ${ENTRY_MAX_BYTES / MB} MB a file may be`;
  if (e.compression === 8 && e.originalSize > MB && e.originalSize > e.size * MEDIA_MAX_RATIO)
    return `Refused as a zip bomb: it unpacks to more than ${MEDIA_MAX_RATIO} times its packed size`;
  return null;
}

/** One entry's bytes (never more than it declared), or null when it cannot be unpacked. */
export function unpackEntry(data: Uint8Array, e: ZipEntry): Uint8Array | null {
  try {
    const out = unzipSync(data, { filter: (f) => f.name === e.name })[e.name];
    return out && out.byteLength === e.originalSize ? out : null;
  } catch {
    return null;
  }
}
