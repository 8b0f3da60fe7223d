/**
 * The stock push's wire shapes (`stock` keys): a run of the import (POST /stock/imports,
 * GET /stock/imports/{id}, and the answer of the single-stone calls), its query and bodies.
 */
import * as v from 'valibot';
import { RUN_MODES, RUN_STATUSES } from '../../src/domain/stock-import.ts';
import { flag, isoTime } from './schemas.ts';

const d = v.description;
/** Image links one PATCH may carry. */
export const MEDIA_LINKS_MAX_IMAGES = 10;
const count = (text: string) => v.pipe(v.number(), d(text));

export const SkippedRowSchema = v.object({
  row: count('The line in the file (the header is line 1; the first of `rows` is line 2)'),
  column: v.pipe(v.string(), d('The field (template name) the problem is in')),
  value: v.pipe(v.string(), d('The value as sent')),
  reason: v.string(),
});

/** What a PATCH's media links became (the run's answer carries it when links were sent). */
export const MediaLinksResultSchema = v.object({
  stored: v.pipe(v.array(v.string()), d('The link fields whose files were stored (image_urls.0, video_url, ...)')),
  unchanged: v.pipe(v.array(v.string()), d('The link fields whose files were already the stone’s, byte for byte')),
});

export const StockImportRunSchema = v.object({
  id: v.pipe(v.nullable(v.number()), d('The run in the import history; null for a dry run')),
  status: v.pipe(
    v.picklist([...RUN_STATUSES, 'dry_run']),
    d(
      'running (a large push still working: ask again), applied, refused (too many bad rows, or strict with any), needs_confirmation (a replace that would take too much of the stock out of stock waits for the shop’s staff), confirmed, discarded, failed (nothing was written); dry_run: what would happen',
    ),
  ),
  mode: v.picklist(RUN_MODES),
  rows: count('Rows received'),
  created: count('New stones'),
  updated: count('Known stones whose data changed'),
  unchanged: count('Known stones sent with the same data (nothing written)'),
  out_of_stock: count('Stones taken out of stock (replace: every stone in stock the push did not list)'),
  skipped: count('Rows not written, see skipped_rows'),
  skipped_rows: v.pipe(v.array(SkippedRowSchema), d('Each problem: row, column, value and reason')),
  changes: v.pipe(
    v.nullable(v.object({ from: v.number(), to: v.number() })),
    d('The sequence numbers of GET /changes this run wrote; null when it changed nothing'),
  ),
  started_at: v.nullable(isoTime),
  finished_at: v.nullable(isoTime),
  media: v.pipe(
    v.optional(MediaLinksResultSchema),
    d('PATCH with media links: what each link became (served from the shop)'),
  ),
});
export type LinkStockRun = v.InferOutput<typeof StockImportRunSchema>;

export const StockImportQuerySchema = v.strictObject({
  mode: v.pipe(
    v.optional(v.picklist(RUN_MODES, 'Must be update or replace')),
    d('update (default): create and update the rows sent; replace: also take every stone not sent out of stock'),
  ),
  dry_run: flag('true: validate and count, change nothing'),
  strict: flag('true: refuse the whole push when any row is bad (default: skip bad rows)'),
});

const CellSchema = v.union([v.string(), v.number(), v.boolean(), v.null()]);

export const StockRowsBodySchema = v.object({
  rows: v.pipe(
    v.array(v.record(v.string(), CellSchema)),
    v.minLength(1, 'Send at least one row'),
    d('One object per stone, keyed by the template’s field names (StkCodeCalcNS, StkShape, STWeight, Colour, ...)'),
  ),
  mode: v.optional(v.picklist(RUN_MODES, 'mode must be update or replace')),
  dry_run: v.optional(v.boolean('dry_run must be true or false')),
  strict: v.optional(v.boolean('strict must be true or false')),
});

export const StoneFieldsSchema = v.pipe(
  v.record(v.string(), CellSchema),
  d('The stone’s fields by the template’s names; the stock code is the path’s'),
);

export const StonePatchSchema = v.strictObject({
  price: v.optional(v.union([v.number(), v.string(), v.null()])),
  ppc: v.optional(v.union([v.number(), v.string(), v.null()])),
  ExWebTotal: v.optional(v.union([v.number(), v.string(), v.null()])),
  WebSpecial: v.optional(v.union([v.number(), v.string(), v.null()])),
  StkWebAvailable: v.pipe(v.optional(v.union([v.number(), v.string()])), d('1 now, 2 later, 3 on demand')),
  image_urls: v.pipe(
    v.optional(
      v.pipe(
        v.array(v.pipe(v.string(), v.url('Each image link must be a full URL'))),
        v.minLength(1, 'Send at least one image link'),
        v.maxLength(MEDIA_LINKS_MAX_IMAGES, `At most ${MEDIA_LINKS_MAX_IMAGES} image links`),
      ),
    ),
    d('PNG or JPEG files, in gallery order: the shop fetches them and they replace the stone’s images'),
  ),
  video_url: v.pipe(
    v.optional(v.pipe(v.string(), v.url('The video link must be a full URL'))),
    d('An MP4 or WebM file (25 MB at most): the shop fetches it and it replaces the stone’s video'),
  ),
  certificate_url: v.pipe(
    v.optional(v.pipe(v.string(), v.url('The certificate link must be a full URL'))),
    d('The grading report as a PDF (10 MB at most): the shop fetches it and it replaces the stone’s certificate'),
  ),
});

export const ImportIdParam = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,12}$/, 'Must be an import id')) });
