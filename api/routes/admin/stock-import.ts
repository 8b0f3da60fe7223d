/**
 * Stock import, under /api/v1/admin/stock-import (admins only, see index.ts):
 *
 *   POST /admin/stock-import   multipart/form-data: file (.csv or .xlsx, at most 25 MB),
 *                              mode=preview|apply (default preview), full=true|false (default false)
 *     200 ImportResult { mode, full, applied, rows, valid, errorCount, errors: [{ row, field, msg }],
 *                        created, updated, markedOut, columns, ignoredColumns, preview, ms }
 *     400 invalid_file { options: { reason } }  a file that cannot be read as a stock table
 *     422 import_has_errors { options: ImportResult }  apply with row errors: nothing is written
 *     413 payload_too_large, 415 unsupported_media_type (not multipart)
 * Both query string and form fields may carry mode and full. An applied import asks for a
 * background rebuild of the static site (the home page's strip is chosen from the stock).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { HttpError, parseOr400 } from '../../middleware/errors.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import { importStockFile } from '../../services/stock-import/index.ts';
import type { AppEnv, Deps } from '../../types.ts';

const Options = v.object({
  mode: v.optional(v.picklist(['preview', 'apply'], 'mode must be preview or apply'), 'preview'),
  full: v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0', 'on'], 'full must be true or false'),
      v.transform((s) => s === 'true' || s === '1' || s === 'on'),
    ),
    'false',
  ),
});

export function stockImportRoutes(deps: Deps) {
  return new Hono<AppEnv>().post('/', async (c) => {
    const admin = signedInAdmin(c);
    const type = (c.req.header('content-type') ?? '').toLowerCase();
    if (!type.startsWith('multipart/form-data')) throw new HttpError(415, 'unsupported_media_type');
    let body: Record<string, string | File | (string | File)[]>;
    try {
      body = await c.req.parseBody({ all: false });
    } catch {
      throw new HttpError(400, 'invalid_file', { reason: 'The upload could not be read' });
    }
    const field = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
    const opts = parseOr400(Options, {
      mode: c.req.query('mode') ?? field('mode'),
      full: c.req.query('full') ?? field('full'),
    });
    const file = body.file;
    if (!(file instanceof File))
      throw new HttpError(400, [{ param: 'file', msg: 'Please choose a stock file (.csv or .xlsx)' }]);
    const data = new Uint8Array(await file.arrayBuffer());
    const result = await importStockFile(deps.db, file.name || 'upload.csv', data, {
      mode: opts.mode,
      full: opts.full,
      adminId: admin.id,
      now: deps.clock.now(),
      retentionDays: deps.config.API_CHANGES_RETENTION_DAYS,
    });
    // the home page's specials strip is chosen at build time from the stock
    if (result.applied && result.written) deps.site?.contentChanged('stock import'); // the import bumped the stock version
    return c.json(result);
  });
}
