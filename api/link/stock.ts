/**
 * The stock push (API Link, `stock` keys only: mounted at `/stock` behind requireScope('stock')):
 * the wholesaler's own system keeps the shop's stock true. Every call goes through the one
 * import core (api/services/stock-import/runs.ts), recorded in the import history.
 *
 *   POST   /stock/imports          a CSV or XLSX body, or { rows: [...] }: 200 the run, or 202
 *                                  { id, status: running } for a large one (run once, after the answer)
 *   GET    /stock/imports/{id}     200 the run | 404 import_not_found
 *   PUT    /stock/{stock_code}     create or update one stone: 200 the run | 422 stone_invalid
 *   PATCH  /stock/{stock_code}     price, availability, media links (pulled and stored by the shop,
 *                                  stock-media/links.ts): 200 the run | 404 stone_not_found |
 *                                  422 stone_invalid / media_link_refused
 *   DELETE /stock/{stock_code}     sold elsewhere, out of stock now: 200 the run | 404 stone_not_found
 */
import { Hono, type Context } from 'hono';
import { describeRoute, resolver } from 'hono-openapi';
import * as v from 'valibot';
import type { StockImport } from '../../db/tables.ts';
import { skippedOf, type ImportResult, type RunMode } from '../../src/domain/stock-import.ts';
import { HttpError } from '../middleware/errors.ts';
import { noStore } from '../middleware/no-store.ts';
import { afterResponse } from '../services/platform/after-response.ts';
import { findRun, summaryOf } from '../services/stock-import/history.ts';
import {
  linksOf,
  pullMediaLinks,
  storeMediaLinks,
  writeMediaLinks,
  type MediaLinks,
  type MediaStored,
} from '../services/stock-media/links.ts';
import { stockOf } from '../services/stock-import/index.ts';
import {
  csvFile,
  readTable,
  stockFile,
  tableFile,
  type StockFile,
  type Table,
} from '../services/stock-import/parse.ts';
import { tableOfRows, tableOfStone, type PushRow } from '../services/stock-import/push.ts';
import {
  carryOut,
  finish,
  openRun,
  previewRun,
  removeStones,
  runImport,
  type RunBy,
  type RunInput,
} from '../services/stock-import/runs.ts';
import type { Deps } from '../types.ts';
import { errorResponses, jsonResponse } from './openapi-responses.ts';
import { valid } from './request.ts';
import { StockCodeParam } from './schemas.ts';
import {
  ImportIdParam,
  StockImportQuerySchema,
  StockImportRunSchema,
  StockRowsBodySchema,
  StoneFieldsSchema,
  StonePatchSchema,
  type LinkStockRun,
} from './stock-schemas.ts';
import type { LinkEnv } from './types.ts';
import { STOCK_RUN_EXAMPLE as RUN_EXAMPLE } from './examples.ts';

/** Pushes of more rows than this answer 202 at once and run after the answer. */
export const PUSH_SYNC_ROWS = 2000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A recorded run on the wire (the history's summary in the API's names). */
export const linkRunOf = (r: StockImport): LinkStockRun => {
  const { id, status, mode, rows, created, updated, unchanged, markedOut, skipped, changes, startedAt, finishedAt } =
    summaryOf(r);
  return {
    ...{ id, status, mode, rows, created, updated, unchanged, skipped, changes },
    out_of_stock: markedOut,
    skipped_rows: r.skippedRows,
    started_at: startedAt,
    finished_at: finishedAt,
  };
};

/** A dry run on the wire: what would happen. */
const dryRunOf = (r: ImportResult, mode: RunMode): LinkStockRun => ({
  id: null,
  status: 'dry_run',
  mode,
  rows: r.rows,
  created: r.created,
  updated: r.updated,
  unchanged: 0,
  out_of_stock: r.markedOut,
  skipped: r.rows - r.valid,
  skipped_rows: r.errors.map(skippedOf),
  changes: null,
  started_at: null,
  finished_at: null,
});

const byKey = (c: Context<LinkEnv>): RunBy => {
  const key = c.get('linkKey');
  return { origin: 'api_key', apiKeyId: key.id, ownerId: key.userId, label: key.name };
};

/** A refused run (strict with bad rows, too many bad rows, a bad stone) in the API's words. */
async function refusedAsLink(deps: Deps, err: unknown, msg?: string): Promise<never> {
  if (err instanceof HttpError && err.status === 422) {
    const o = (err.body.errors.options ?? {}) as { runId?: number; limitPct?: number };
    const run = o.runId ? linkRunOf(await findRun(deps.db, o.runId)) : undefined;
    throw new HttpError(422, msg ?? String(err.body.errors.msg), {
      ...(run ? { import: run } : {}),
      ...(o.limitPct != null ? { limit_pct: o.limitPct } : {}),
    });
  }
  throw err;
}

/**
 * The pushed body as a stock file: CSV, XLSX or JSON rows (mode, dry_run and strict may come in
 * the JSON too), with its row count up to PUSH_SYNC_ROWS + 1 (a CSV is read that far only).
 */
async function pushedFile(
  c: Context<LinkEnv>,
): Promise<{ file: StockFile; fileName: string; rows: number; json?: v.InferOutput<typeof StockRowsBodySchema> }> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const data = new Uint8Array(await c.req.arrayBuffer());
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(new TextDecoder().decode(data));
    } catch {
      throw new HttpError(400, 'invalid_json');
    }
    const r = v.safeParse(StockRowsBodySchema, parsed);
    if (!r.success)
      throw new HttpError(400, [
        { param: r.issues[0].path?.map((p) => String(p.key)).join('.') || '_', msg: r.issues[0].message },
      ]);
    const table = tableOfRows(r.output.rows);
    return { file: tableFile(table), fileName: 'rows.json', rows: table.rows.length, json: r.output };
  }
  if (type === 'text/csv' || type === XLSX) {
    const file = type === XLSX ? stockFile('push.xlsx', data) : csvFile(data);
    const rows = (await readTable(file, PUSH_SYNC_ROWS + 1)).rows.length;
    return { file, fileName: type === XLSX ? 'push.xlsx' : 'push.csv', rows };
  }
  throw new HttpError(415, 'unsupported_media_type');
}

export function stockPushRoutes(deps: Deps) {
  /**
   * Runs a one-stone table through the core (strict: the stone is written whole or not at all);
   * `alsoInTx` writes more in the same transaction (the stone's media).
   */
  const oneStone = async (
    c: Context<LinkEnv>,
    code: string,
    table: Table,
    how: string,
    alsoInTx?: RunInput['alsoInTx'],
  ) => {
    const result = await runImport(deps, {
      by: byKey(c),
      fileName: `${how} ${code}`,
      mode: 'update',
      strict: true,
      file: tableFile(table),
      alsoInTx,
    }).catch((err: unknown) => refusedAsLink(deps, err, 'stone_invalid'));
    return linkRunOf(await findRun(deps.db, result.runId!));
  };
  /**
   * A PATCH with media links: every link pulled and checked first (outside any transaction);
   * then the files, the stone's fields, their change-log events and the run's record commit
   * in ONE transaction. A bad field refuses the call before anything is written; any failure
   * rolls the whole write back, the stored files with it.
   */
  const patchWithMedia = async (c: Context<LinkEnv>, code: string, links: MediaLinks, fields: PushRow) => {
    const pulled = await pullMediaLinks(deps, links);
    const actorId = c.get('linkKey').userId;
    let media: MediaStored & { changed: boolean } = { stored: [], unchanged: [], changed: false };
    const answer = (run: LinkStockRun) => {
      if (media.changed) deps.site?.contentChanged('stock media');
      return { ...run, media: { stored: media.stored, unchanged: media.unchanged } };
    };
    if (Object.keys(fields).length) {
      const run = await oneStone(c, code, tableOfStone(code, fields), 'PATCH', async (tx) => {
        const written = await writeMediaLinks(tx, actorId, code, pulled, deps.clock.now());
        media = written;
        return written.changes;
      });
      return answer(run);
    }
    const input = { by: byKey(c), fileName: `PATCH ${code}`, mode: 'update' as const, strict: true };
    const id = await openRun(deps, input);
    media = await storeMediaLinks(deps, actorId, code, pulled, async (tx, m) => {
      const changed = m.stored.length > 0 ? 1 : 0;
      await finish(tx, id, 'applied', deps.clock.now(), { rows: 1, updated: changed, unchanged: 1 - changed });
    }).catch(async (err: unknown) => {
      await finish(deps.db, id, 'failed', deps.clock.now(), { reason: 'internal_error' });
      throw err;
    });
    return answer(linkRunOf(await findRun(deps.db, id)));
  };
  const known = async (code: string) => {
    if ((await stockOf(deps.db, [code])).length === 0)
      throw new HttpError(404, 'stone_not_found', { stock_code: code });
  };

  return new Hono<LinkEnv>()
    .use('*', noStore())
    .post(
      '/imports',
      describeRoute({
        tags: ['Stock push'],
        summary: 'Push stock: a file or rows',
        description: `For the wholesaler’s own system, with a \`stock\` key (made by the shop’s staff). The body is a CSV (\`text/csv\`) or Excel (\`${XLSX}\`) stock file with a header row, or JSON \`{ rows: [...] }\` with the same field names (StkCodeCalcNS, StkShape, STWeight, Colour, Clarity, price, ...). \`mode=update\` (default) creates and updates the stones sent; \`mode=replace\` also takes every stone in stock that was not sent out of stock. Bad rows are skipped and reported (row, column, value, reason); the whole push is refused (422 \`too_many_bad_rows\`) when more than the shop’s limit (2 % by default) are bad, or with \`strict=true\` when any is. A replace that would take more than the shop’s limit (20 % by default) of the stock out of stock is not applied: it waits for the staff (\`needs_confirmation\`). \`dry_run=true\` changes nothing. Up to ${PUSH_SYNC_ROWS} rows answer the run at once; a larger push answers 202 with the run (\`running\`): ask GET /stock/imports/{id}. At most 25 MB.`,
        requestBody: {
          required: true,
          content: {
            'text/csv': {
              schema: { type: 'string' },
              example:
                'StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,StkCertSup,price\nA-1001,Round,1.01,G,VS1,GIA,7450\n',
            },
            [XLSX]: { schema: { type: 'string', format: 'binary' } },
            'application/json': {
              schema: {
                type: 'object',
                required: ['rows'],
                properties: {
                  rows: {
                    type: 'array',
                    items: { type: 'object', additionalProperties: { type: ['string', 'number', 'boolean', 'null'] } },
                  },
                  mode: { type: 'string', enum: ['update', 'replace'] },
                  dry_run: { type: 'boolean' },
                  strict: { type: 'boolean' },
                },
              },
              example: {
                mode: 'update',
                rows: [
                  {
                    StkCodeCalcNS: 'A-1001',
                    StkShape: 'Round',
                    STWeight: 1.01,
                    Colour: 'G',
                    Clarity: 'VS1',
                    price: 7450,
                  },
                ],
              },
            },
          },
        },
        responses: {
          200: jsonResponse('The run (or, for a dry run, what it would do)', StockImportRunSchema, RUN_EXAMPLE),
          202: jsonResponse('A large push: accepted, running after this answer', StockImportRunSchema, {
            ...RUN_EXAMPLE,
            status: 'running',
            created: 0,
            updated: 0,
            unchanged: 0,
            skipped: 0,
            skipped_rows: [],
            changes: null,
            finished_at: null,
          }),
          ...errorResponses(422),
        },
      }),
      valid('query', StockImportQuerySchema),
      async (c) => {
        const q = c.req.valid('query');
        const { file, fileName, rows, json } = await pushedFile(c);
        const mode = json?.mode ?? q.mode ?? 'update';
        const strict = json?.strict ?? q.strict ?? false;
        if (json?.dry_run ?? q.dry_run ?? false) return c.json(dryRunOf(await previewRun(deps, file, mode), mode), 200);
        const input: RunInput = { by: byKey(c), fileName, mode, strict, file };
        if (rows > PUSH_SYNC_ROWS) {
          const id = await openRun(deps, input);
          afterResponse(deps.db, 'stock push', () => carryOut(deps, id, input));
          return c.json(linkRunOf(await findRun(deps.db, id)), 202);
        }
        const result = await runImport(deps, input).catch((err: unknown) => refusedAsLink(deps, err));
        return c.json(linkRunOf(await findRun(deps.db, result.runId!)), 200);
      },
    )
    .get(
      '/imports/:id',
      describeRoute({
        tags: ['Stock push'],
        summary: 'One push: status, counts, skipped rows',
        responses: { 200: jsonResponse('The run', StockImportRunSchema, RUN_EXAMPLE), ...errorResponses(404) },
      }),
      valid('param', ImportIdParam),
      async (c) => c.json(linkRunOf(await findRun(deps.db, Number(c.req.valid('param').id))), 200),
    )
    .put(
      '/:stock_code',
      describeRoute({
        tags: ['Stock push'],
        summary: 'Create or update one stone',
        description:
          'The stone’s fields by the template’s names (a new stone needs StkShape, STWeight and a price). Sending the same data again changes nothing (no change event). A bad field refuses the call (422 `stone_invalid`, the problems in `options.import.skipped_rows`).',
        responses: { 200: jsonResponse('The run', StockImportRunSchema, RUN_EXAMPLE), ...errorResponses(422) },
      }),
      valid('param', StockCodeParam),
      valid('json', StoneFieldsSchema),
      async (c) => {
        const code = c.req.valid('param').stock_code;
        return c.json(await oneStone(c, code, tableOfStone(code, c.req.valid('json')), 'PUT'), 200);
      },
    )
    .patch(
      '/:stock_code',
      describeRoute({
        tags: ['Stock push'],
        summary: 'Change a stone’s price, availability or media',
        description:
          'Price and availability by the template’s names. Media by link (`image_urls`, `video_url`, `certificate_url`, the names of the shop’s own feed): the shop fetches each file (public `https://` addresses only, at most 3 redirects, within its time and size limits), checks it by its content (PNG or JPEG images, re-encoded; MP4 or WebM video; a PDF certificate) and serves it from the shop; each kind sent replaces the stone’s files of that kind. A link that cannot be fetched or is not the file it should be refuses the whole call (422 `media_link_refused`, `options.field` names it, `options.reason` says why) and nothing is stored.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: resolver(StonePatchSchema),
              example: {
                price: 7450,
                StkWebAvailable: 1,
                image_urls: ['https://erp.wholesaler.example/photos/A-1001-1.jpg'],
                certificate_url: 'https://erp.wholesaler.example/certs/2141438171.pdf',
              },
            },
          },
        },
        responses: {
          200: jsonResponse('The run', StockImportRunSchema, {
            ...RUN_EXAMPLE,
            media: { stored: ['image_urls.0', 'certificate_url'], unchanged: [] },
          }),
          ...errorResponses(400, 404, 422),
        },
      }),
      valid('param', StockCodeParam),
      valid('json', StonePatchSchema),
      async (c) => {
        const code = c.req.valid('param').stock_code;
        await known(code);
        const { image_urls, video_url, certificate_url, ...fields } = c.req.valid('json');
        const links = { image_urls, video_url, certificate_url };
        if (linksOf(links).length) return c.json(await patchWithMedia(c, code, links, fields), 200);
        return c.json(await oneStone(c, code, tableOfStone(code, fields), 'PATCH'), 200);
      },
    )
    .delete(
      '/:stock_code',
      describeRoute({
        tags: ['Stock push'],
        summary: 'Sold elsewhere: out of stock now',
        description: 'Holds on the stone end (`left_stock`); a stone already out of stock changes nothing.',
        responses: { 200: jsonResponse('The run', StockImportRunSchema, RUN_EXAMPLE), ...errorResponses(404) },
      }),
      valid('param', StockCodeParam),
      async (c) => {
        const code = c.req.valid('param').stock_code;
        const result = await removeStones(deps, byKey(c), [code], `DELETE ${code}`);
        return c.json(linkRunOf(await findRun(deps.db, result.runId!)), 200);
      },
    );
}
