/**
 * Stock import and its history, under /api/v1/admin/stock-import (admins only, see index.ts):
 *
 *   POST /admin/stock-import   multipart/form-data: file (.csv or .xlsx, at most 25 MB),
 *                              mode=preview|apply (default preview), full=true|false (default false:
 *                              update; true: replace all), strict=true|false (default false)
 *     200 ImportResult { mode, full, applied, rows, valid, errorCount, errors: [{ row, field, value, msg }],
 *                        created, updated, unchanged?, markedOut, columns, ignoredColumns, preview, ms,
 *                        runId?, status?, leaving? }
 *         apply: the valid rows are written and the bad ones skipped (status applied), or a
 *         replace-all that would take too much out of stock waits (status needs_confirmation)
 *     400 invalid_file { options: { reason } }  a file that cannot be read as a stock table
 *     422 import_has_errors { options: ImportResult }  strict apply with row errors: nothing is written
 *     422 too_many_bad_rows { options: ImportResult & { limitPct } }  more bad rows than the setting allows
 *     413 payload_too_large, 415 unsupported_media_type (not multipart)
 *   GET  /admin/stock-import/runs?page          200 { runs: RunSummary[], page, more }
 *   GET  /admin/stock-import/runs/:id           200 RunDetail (skipped rows; what would leave the stock while waiting)
 *   GET  /admin/stock-import/runs/:id/skipped.csv   the skipped rows: row, column, value, reason
 *   POST /admin/stock-import/runs/:id/confirm   200 ImportResult (status confirmed); 409 import_not_waiting
 *   POST /admin/stock-import/runs/:id/discard   200 RunDetail (status discarded); 409 import_not_waiting
 *   GET    /admin/stock-import/api-keys         200 { docs: StockKeyView[] } (every working stock key)
 *   POST   /admin/stock-import/api-keys { name }   201 the key, shown once | 409 too_many_keys
 *   POST   /admin/stock-import/api-keys/:keyId/roll { overlapHours? }   201 the new key (+ replaces)
 *   DELETE /admin/stock-import/api-keys/:keyId    200 the revoked key | 404 key_not_found
 *   GET  /admin/stock-import/settings           200 { badRowsPct, removalPct }
 *   PUT  /admin/stock-import/settings           200 the same
 * Both query string and form fields may carry mode, full and strict. An applied import asks
 * for a background rebuild of the static site (the home page's strip is chosen from the stock).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { HttpError, parseOr400 } from '../../middleware/errors.ts';
import { fileForm } from '../../middleware/file-form.ts';
import { jsonBody } from '../../middleware/json-body.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import { idParams, jsonIn } from '../../middleware/validate.ts';
import { IMPORT_MAX_BYTES } from '../../services/stock-import/index.ts';
import { detailOf, findRun, listRuns, skippedCsv } from '../../services/stock-import/history.ts';
import { stockFile } from '../../services/stock-import/parse.ts';
import { confirmRun, discardRun, previewRun, runImport } from '../../services/stock-import/runs.ts';
import { importSettings, ImportSettingsSchema, saveImportSettings } from '../../services/stock-import/settings.ts';
import { createStockKey, listStockKeys, revokeStockKey, rollStockKey } from '../../services/link/stock-keys.ts';
import { NewStockKeySchema, RollKeySchema } from '../../../src/domain/validation/api-keys.ts';
import type { AppEnv, Deps } from '../../types.ts';

const flag = (name: string) =>
  v.optional(
    v.pipe(
      v.picklist(['true', 'false', '1', '0', 'on'], `${name} must be true or false`),
      v.transform((s) => s === 'true' || s === '1' || s === 'on'),
    ),
    'false',
  );

const Options = v.object({
  mode: v.optional(v.picklist(['preview', 'apply'], 'mode must be preview or apply'), 'preview'),
  full: flag('full'),
  strict: flag('strict'),
});

const Page = v.object({
  page: v.optional(
    v.pipe(v.string(), v.regex(/^[1-9]\d{0,5}$/, 'page must be a whole number from 1'), v.transform(Number)),
    '1',
  ),
});

const RUN_ID = { id: 'import_not_found' };
const KEY_ID = { keyId: 'key_not_found' };

const staffName = (u: { firstName: string; lastName: string; email: string }) =>
  `${u.firstName} ${u.lastName}`.trim() || u.email;

export function stockImportRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .post('/', async (c) => {
      const admin = signedInAdmin(c);
      const body = await fileForm(c, 'invalid_file');
      const field = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : undefined);
      const opts = parseOr400(Options, {
        mode: c.req.query('mode') ?? field('mode'),
        full: c.req.query('full') ?? field('full'),
        strict: c.req.query('strict') ?? field('strict'),
      });
      const file = body.file;
      if (!(file instanceof File))
        throw new HttpError(400, [{ param: 'file', msg: 'Please choose a stock file (.csv or .xlsx)' }]);
      const data = new Uint8Array(await file.arrayBuffer());
      if (data.byteLength > IMPORT_MAX_BYTES) throw new HttpError(413, 'payload_too_large');
      const fileName = file.name || 'upload.csv';
      const mode = opts.full ? 'replace' : 'update';
      if (opts.mode === 'preview') return c.json(await previewRun(deps, stockFile(fileName, data), mode));
      return c.json(
        await runImport(deps, {
          by: { origin: 'staff', staffId: admin.id, label: staffName(admin) },
          fileName,
          mode,
          strict: opts.strict,
          file: stockFile(fileName, data),
        }),
      );
    })
    .get('/runs', async (c) => {
      const { page } = parseOr400(Page, { page: c.req.query('page') });
      return c.json(await listRuns(deps.db, page));
    })
    .get('/runs/:id', idParams(RUN_ID), async (c) => c.json(detailOf(await findRun(deps.db, c.req.valid('param').id))))
    .get('/runs/:id/skipped.csv', idParams(RUN_ID), async (c) => {
      const run = await findRun(deps.db, c.req.valid('param').id);
      return c.body(skippedCsv(run), 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="import-${run.id}-skipped.csv"`,
      });
    })
    .post('/runs/:id/confirm', idParams(RUN_ID), async (c) =>
      c.json(await confirmRun(deps, c.req.valid('param').id, signedInAdmin(c).id)),
    )
    .post('/runs/:id/discard', idParams(RUN_ID), async (c) => {
      const { id } = c.req.valid('param');
      await discardRun(deps, id, signedInAdmin(c).id);
      return c.json(detailOf(await findRun(deps.db, id)));
    })
    .get('/api-keys', async (c) => c.json({ docs: await listStockKeys(deps) }))
    .post('/api-keys', jsonBody(), jsonIn(NewStockKeySchema), async (c) =>
      c.json(await createStockKey(deps, signedInAdmin(c), c.req.valid('json').name), 201),
    )
    .post('/api-keys/:keyId/roll', idParams(KEY_ID), jsonBody(), jsonIn(RollKeySchema), async (c) =>
      c.json(await rollStockKey(deps, c.req.valid('param').keyId, c.req.valid('json').overlapHours), 201),
    )
    .delete('/api-keys/:keyId', idParams(KEY_ID), async (c) =>
      c.json(await revokeStockKey(deps, signedInAdmin(c), c.req.valid('param').keyId)),
    )
    .get('/settings', async (c) => c.json(await importSettings(deps.db)))
    .put('/settings', jsonBody(), jsonIn(ImportSettingsSchema), async (c) =>
      c.json(await saveImportSettings(deps, signedInAdmin(c).id, c.req.valid('json'))),
    );
}
