/**
 * What a file in a media ZIP really is, by its bytes (file-type), never its name: an image is
 * checked and re-encoded by the one image upload check (`checkImage`, site/uploads.ts); a video
 * (MP4, WebM) and a certificate (PDF) are size-limited and kept as sent. An archive inside the
 * ZIP, or anything else, is refused. The name's extension must agree with the content.
 */
import { fileTypeFromBuffer } from 'file-type';
import { HttpError } from '../../middleware/errors.ts';
import { checkImage } from '../site/uploads.ts';
import { REASON, type NamedKind } from '../../../src/domain/stock-media/names.ts';
import { MEDIA_PDF_MAX_BYTES, MEDIA_VIDEO_MAX_BYTES } from '../../../src/domain/stock-media/report.ts';

export type CheckedMedia = { kind: NamedKind; data: Buffer; ext: string };
export type MediaCheck = { ok: true; file: CheckedMedia } | { ok: false; reason: string };

const MB = 1024 * 1024;
const VIDEOS = new Map([
  ['video/mp4', 'mp4'],
  ['video/webm', 'webm'],
]);
const ARCHIVES = new Set([
  'application/zip',
  'application/x-rar-compressed',
  'application/x-7z-compressed',
  'application/gzip',
  'application/x-tar',
  'application/x-bzip2',
  'application/x-xz',
  'application/vnd.ms-cab-compressed',
]);
const WORD: Record<NamedKind, string> = { image: 'an image', video: 'a video', certificate: 'a PDF certificate' };

const refused = (reason: string): MediaCheck => ({ ok: false, reason });

/** The kind the bytes are, with the stored bytes and extension; or why they are refused. */
export async function checkMedia(bytes: Uint8Array, named: NamedKind): Promise<MediaCheck> {
  const type = await fileTypeFromBuffer(bytes);
  const mime = type?.mime ?? '';
  if (ARCHIVES.has(mime)) return refused(REASON.nested);
  const kind: NamedKind | null =
    mime === 'image/png' || mime === 'image/jpeg'
      ? 'image'
      : VIDEOS.has(mime)
        ? 'video'
        : mime === 'application/pdf'
          ? 'certificate'
          : null;
  if (!kind) return refused(`Refused: its content is not ${WORD[named]} (${type ? type.mime : 'unknown or text'})`);
  if (kind !== named) return refused(`Refused: the name says ${WORD[named]} but the content is ${WORD[kind]}`);
  if (kind === 'image') {
    try {
      const img = await checkImage(bytes);
      return { ok: true, file: { kind, data: img.data, ext: img.ext } };
    } catch (err) {
      if (err instanceof HttpError) {
        const msg = err.body.errors.msg;
        return refused(`Refused: ${Array.isArray(msg) ? (msg[0]?.msg ?? 'not an image') : String(msg)}`);
      }
      throw err;
    }
  }
  const max = kind === 'video' ? MEDIA_VIDEO_MAX_BYTES : MEDIA_PDF_MAX_BYTES;
  if (bytes.byteLength > max)
    return refused(`Refused: larger than the ${max / MB} MB ${WORD[kind].replace(/^an? /, '')} limit`);
  const ext = kind === 'video' ? VIDEOS.get(mime)! : 'pdf';
  return { ok: true, file: { kind, data: Buffer.from(bytes), ext } };
}
