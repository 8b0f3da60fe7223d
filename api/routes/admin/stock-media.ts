/**
 * Media in bulk, under /api/v1/admin/stock-media (admins only, see index.ts):
 *
 *   POST /admin/stock-media   multipart/form-data: file = a ZIP (at most 50 MB) of images,
 *                             360 frame folders, videos and certificate PDFs named by stock code
 *                             or certificate number (src/domain/stock-media/names.ts)
 *     200 MediaReport { policy, files: [{ name, status, stockCode, became, reason }], counts, stones }
 *     400 not_a_zip { reason }, or [{ param: 'file' }] when no file was sent
 *     413 payload_too_large (while the body streams: middleware/body-limit.ts)
 *     415 unsupported_media_type (not multipart)
 *     422 nothing_matched | nothing_stored { report }: no file stored, nothing written
 *     422 zip_too_many_files | zip_too_large_unpacked { reason }: the ZIP is refused whole
 *     429 past the account's uploads (rate limit `upload`, one per ZIP)
 */
import { Hono } from 'hono';
import { HttpError } from '../../middleware/errors.ts';
import { fileForm } from '../../middleware/file-form.ts';
import { rateLimiter } from '../../middleware/rate-limit.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import { uploadMediaZip } from '../../services/stock-media/index.ts';
import { MEDIA_ZIP_MAX_BYTES } from '../../../src/domain/stock-media/report.ts';
import type { AppEnv, Deps } from '../../types.ts';

export function stockMediaRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const admin = signedInAdmin(c);
    const file = (await fileForm(c, 'not_a_zip')).file;
    if (!(file instanceof File))
      throw new HttpError(400, [{ param: 'file', msg: 'Please choose a ZIP file of media' }]);
    if (file.size > MEDIA_ZIP_MAX_BYTES) throw new HttpError(413, 'payload_too_large');
    await rateLimiter(deps).hit(c, 'upload', { account: `user:${admin.id}` });
    const data = new Uint8Array(await file.arrayBuffer());
    return c.json(await uploadMediaZip(deps, admin.id, file.name || 'media.zip', data));
  });
}
