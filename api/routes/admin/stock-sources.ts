/**
 * Stock sources, under /api/v1/admin/stock-sources (admins only, see index.ts). A source's
 * auth header value is write-only: every answer carries `header_set`, never the value. Every
 * SourceView carries `running_run`: the id of its run going on now, or null.
 *
 *   GET    /admin/stock-sources                200 { docs: SourceView[] }
 *   POST   /admin/stock-sources                201 SourceView | 400 (url: refused by the address guard) | 409 too_many_sources
 *            { name, url, header_name?, header_value?, schedule: { kind: interval, interval_minutes } |
 *              { kind: times, times: ["HH:MM"] }, paused?, mode?: update|replace }
 *   GET    /admin/stock-sources/:id            200 SourceView | 404 source_not_found
 *   PUT    /admin/stock-sources/:id            200 SourceView (header_value omitted: kept; '': cleared)
 *   DELETE /admin/stock-sources/:id            200 { ok: true } (its runs stay in the history)
 *   POST   /admin/stock-sources/:id/pause      { paused } 200 SourceView
 *   PUT    /admin/stock-sources/:id/mapping    { mapping: { header: field } } 200 SourceView | 400 unknown field
 *   POST   /admin/stock-sources/:id/preview    200 SourcePreview | 422 source_fetch_failed { status, reason }
 *   POST   /admin/stock-sources/:id/run        202 { runId, status: running } (Run now: the run goes on after the
 *                                              answer; GET /admin/stock-import/runs/:id says when it ends)
 *                                              | 409 source_running (a run of it is going on, on any node)
 */
import { Hono } from 'hono';
import { jsonBody } from '../../middleware/json-body.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import { idParams, jsonIn } from '../../middleware/validate.ts';
import { previewSource } from '../../services/stock-sources/preview.ts';
import { startSourceRun } from '../../services/stock-sources/run.ts';
import {
  createSource,
  deleteSource,
  findSource,
  listSources,
  pauseSource,
  runningRuns,
  saveMapping,
  updateSource,
  viewOf,
} from '../../services/stock-sources/sources.ts';
import { MappingSchema, PauseSchema, SourceInputSchema } from '../../../src/domain/stock-sources.ts';
import type { AppEnv, Deps } from '../../types.ts';
import type { StockSource } from '../../../db/tables.ts';

const ID = { id: 'source_not_found' };

export function stockSourceRoutes(deps: Deps) {
  const views = async (rows: StockSource[]) => {
    const running = await runningRuns(deps.db, deps.clock.now());
    return rows.map((s) => viewOf(s, running.get(s.id) ?? null));
  };
  const view = async (row: StockSource) => (await views([row]))[0]!;
  return new Hono<AppEnv>()
    .get('/', async (c) => c.json({ docs: await views(await listSources(deps.db)) }))
    .post('/', jsonBody(), jsonIn(SourceInputSchema), async (c) =>
      c.json(await view(await createSource(deps, signedInAdmin(c).id, c.req.valid('json'))), 201),
    )
    .get('/:id', idParams(ID), async (c) => c.json(await view(await findSource(deps.db, c.req.valid('param').id))))
    .put('/:id', idParams(ID), jsonBody(), jsonIn(SourceInputSchema), async (c) =>
      c.json(await view(await updateSource(deps, signedInAdmin(c).id, c.req.valid('param').id, c.req.valid('json')))),
    )
    .delete('/:id', idParams(ID), async (c) => {
      await deleteSource(deps, signedInAdmin(c).id, c.req.valid('param').id);
      return c.json({ ok: true as const });
    })
    .post('/:id/pause', idParams(ID), jsonBody(), jsonIn(PauseSchema), async (c) =>
      c.json(
        await view(await pauseSource(deps, signedInAdmin(c).id, c.req.valid('param').id, c.req.valid('json').paused)),
      ),
    )
    .put('/:id/mapping', idParams(ID), jsonBody(), jsonIn(MappingSchema), async (c) =>
      c.json(
        await view(await saveMapping(deps, signedInAdmin(c).id, c.req.valid('param').id, c.req.valid('json').mapping)),
      ),
    )
    .post('/:id/preview', idParams(ID), async (c) =>
      c.json(await previewSource(deps, await findSource(deps.db, c.req.valid('param').id))),
    )
    .post('/:id/run', idParams(ID), async (c) => {
      const source = await findSource(deps.db, c.req.valid('param').id);
      return c.json(await startSourceRun(deps, source, signedInAdmin(c).id), 202);
    });
}
