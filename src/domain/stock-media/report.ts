/**
 * The answer of a media ZIP upload (POST /api/v1/admin/stock-media), shared by the API and the
 * admin screen that shows it, and the limits both state.
 */

const MB = 1024 * 1024;

/** The largest ZIP accepted, in bytes (the body past it is refused while it streams). */
export const MEDIA_ZIP_MAX_BYTES = 50 * MB;
/** All files of a ZIP together, unpacked, as the ZIP declares them. */
export const MEDIA_UNPACKED_MAX_BYTES = 200 * MB;
/** Entries in one ZIP (folders included). */
export const MEDIA_MAX_ENTRIES = 2000;
/** A file whose unpacked size is more than this many times its packed size is a zip bomb. */
export const MEDIA_MAX_RATIO = 100;
export const MEDIA_VIDEO_MAX_BYTES = 25 * MB;
export const MEDIA_PDF_MAX_BYTES = 10 * MB;
/** Frames of one 360 set. */
export const MEDIA_MAX_FRAMES = 400;

/**
 * - stored: the file is the stone's media now;
 * - unchanged: the stone already has exactly this media (nothing written);
 * - unmatched: its name names no stone (nothing stored);
 * - refused: its name or content is not accepted (nothing stored), `reason` says why.
 */
export type MediaFileStatus = 'stored' | 'unchanged' | 'unmatched' | 'refused';

export type MediaReportLine = {
  /** the name inside the ZIP; a 360 set is one line, its folder (`ABC123/`) */
  name: string;
  status: MediaFileStatus;
  /** the stone's stock code, when the name matched one */
  stockCode: string | null;
  /** what it became: "image 1", "video", "360 set, 36 frames", "certificate" */
  became: string | null;
  reason: string | null;
};

export type MediaReport = {
  /** the rule for refusals, in words (each file stands alone) */
  policy: string;
  files: MediaReportLine[];
  counts: Record<MediaFileStatus, number>;
  /** stones whose media changed */
  stones: string[];
};

export const MEDIA_POLICY =
  'Each file stands alone: a refused or unmatched file stores nothing and the other files are stored. A 360 set is stored whole or not at all. A ZIP that is not a ZIP, too large, or matches nothing stores nothing.';

/** Counts of a report's lines by status. */
export function countLines(files: readonly MediaReportLine[]): Record<MediaFileStatus, number> {
  const counts: Record<MediaFileStatus, number> = { stored: 0, unchanged: 0, unmatched: 0, refused: 0 };
  for (const f of files) counts[f.status] += 1;
  return counts;
}
