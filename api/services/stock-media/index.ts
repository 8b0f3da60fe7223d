/**
 * Media in bulk: staff upload a ZIP of images, 360 frame folders, videos and certificate PDFs;
 * each file is matched to a stone by its name (src/domain/stock-media/names.ts), checked by
 * its content and stored through the one upload store. The answer is a report of every file.
 *
 * Refusals: the whole ZIP (nothing stored) when it is not a ZIP (400 `not_a_zip`), holds too
 * many files or unpacks too large (422, zip.ts), or when no file is stored or already there
 * (422 `nothing_matched` / `nothing_stored`, the report in `options.report`). Otherwise each
 * file stands alone (MEDIA_POLICY): a refused or unmatched file stores nothing, the others are
 * written in one transaction (write.ts).
 */
import { HttpError } from '../../middleware/errors.ts';
import {
  countLines,
  MEDIA_POLICY,
  type MediaReport,
  type MediaReportLine,
} from '../../../src/domain/stock-media/report.ts';
import type { Deps } from '../../types.ts';
import { planMediaZip } from './plan.ts';
import { writeMediaPlan } from './write.ts';

const reportOf = (files: MediaReportLine[], stones: string[]): MediaReport => {
  const sorted = [...files].sort((a, b) => a.name.localeCompare(b.name));
  return { policy: MEDIA_POLICY, files: sorted, counts: countLines(sorted), stones };
};

/** Reads, checks and stores a media ZIP; the report (see above for the refusals). */
export async function uploadMediaZip(
  deps: Deps,
  adminId: number,
  fileName: string,
  data: Uint8Array,
): Promise<MediaReport> {
  const plan = await planMediaZip(deps.db, data);
  if (plan.stones.length === 0) {
    const report = reportOf(plan.lines, []);
    const matched = plan.lines.some((l) => l.stockCode !== null);
    throw new HttpError(422, matched ? 'nothing_stored' : 'nothing_matched', { report });
  }
  const written = await writeMediaPlan(deps, adminId, fileName, plan);
  // the home page's strip is drawn from the stock with its pictures
  if (written.stones.length) deps.site?.contentChanged('stock media');
  return reportOf([...plan.lines, ...written.lines], written.stones);
}
