/**
 * Client pages, under /api/v1/client-pages. The trader's calls need a signed-in trader (401
 * otherwise) and reach only their own pages (another trader's id is a 404):
 *
 *   GET    /client-pages                  200 { docs: ClientPageView[] }
 *   POST   /client-pages  ClientPageNew   201 ClientPageView | 400 field errors
 *                                         | 409 stone_unavailable { ids } | 409 client_page_limit
 *   PATCH  /client-pages/:id  ClientPagePatch   200 ClientPageView | 404 | 410 client_page_revoked
 *   DELETE /client-pages/:id              200 ClientPageView (revoked; the address answers 410)
 *   PUT    /client-pages/:id/logo         multipart `src` (png or jpeg, re-encoded, 5 MB, 4,000 px a side)
 *                                         200 ClientPageView | 400 | 413 | 429 (uploads per account)
 *   DELETE /client-pages/:id/logo         200 ClientPageView
 *
 * The client's reads, without sign-in, never cached and never indexed:
 *
 *   GET /client-pages/public/:token       200 PublicClientPage (counts a view) | 404
 *                                         client_page_not_found | 410 client_page_revoked / _expired
 *   GET /client-pages/public/:token/certificates/:n   the n-th stone's certificate PDF | 404 | 410
 */
import { noStore } from '../middleware/no-store.ts';
import { Hono, type Context } from 'hono';
import { ClientPageNewSchema, ClientPagePatchSchema } from '../../src/domain/client-pages/schema.ts';
import { HttpError } from '../middleware/errors.ts';
import { requireUser, signedInUser } from '../middleware/roles.ts';
import { idParams, jsonIn } from '../middleware/validate.ts';
import { certificatePdf } from '../services/catalogue/diamond-detail.ts';
import {
  createClientPage,
  listClientPages,
  ownPage,
  revokeClientPage,
  setLogo,
  updateClientPage,
} from '../services/client-pages/pages.ts';
import { certificateStone, countView, openPage, publicPage } from '../services/client-pages/public-page.ts';
import { removeImage, storeImage, UPLOAD_URL_PREFIX, uploadedImage } from '../services/site/uploads.ts';
import type { AppEnv, Deps } from '../types.ts';

const pageId = idParams({ id: 'client_page_not_found' });

function forClients(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('Referrer-Policy', 'no-referrer');
}

async function logoOf(c: Context<AppEnv>, deps: Deps) {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, 'invalid_body');
  }
  return (await uploadedImage(c, deps, signedInUser(c).id, form.src)).image;
}

export function clientPageRoutes(deps: Deps) {
  const trader = new Hono<AppEnv>()
    .use('*', requireUser())
    .use('*', noStore())
    .get('/', async (c) => c.json({ docs: await listClientPages(deps, signedInUser(c).id) }))
    .post('/', jsonIn(ClientPageNewSchema), async (c) =>
      c.json(await createClientPage(deps, signedInUser(c), c.req.valid('json')), 201),
    )
    .patch('/:id', pageId, jsonIn(ClientPagePatchSchema), async (c) =>
      c.json(await updateClientPage(deps, signedInUser(c).id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/:id', pageId, async (c) =>
      c.json(await revokeClientPage(deps, signedInUser(c).id, c.req.valid('param').id)),
    )
    .put('/:id/logo', pageId, async (c) => {
      const page = await ownPage(deps, signedInUser(c).id, c.req.valid('param').id);
      const url = await storeImage(deps.db, await logoOf(c, deps));
      const remove = (name: string) => removeImage(deps.db, `${UPLOAD_URL_PREFIX}${name}`);
      return c.json(await setLogo(deps, page, url.slice(UPLOAD_URL_PREFIX.length), remove));
    })
    .delete('/:id/logo', pageId, async (c) => {
      const page = await ownPage(deps, signedInUser(c).id, c.req.valid('param').id);
      return c.json(await setLogo(deps, page, null, (name) => removeImage(deps.db, `${UPLOAD_URL_PREFIX}${name}`)));
    });

  return new Hono<AppEnv>()
    .get('/public/:token', async (c) => {
      forClients(c);
      const page = await openPage(deps, c.req.param('token'));
      const body = await publicPage(deps, page);
      if (c.var.user?.id !== page.userId) await countView(deps, page);
      return c.json(body);
    })
    .get('/public/:token/certificates/:n', async (c) => {
      forClients(c);
      const page = await openPage(deps, c.req.param('token'));
      const n = Number(c.req.param('n'));
      const id = /^\d{1,4}$/.test(c.req.param('n')) ? await certificateStone(deps, page, n) : null;
      const pdf = id == null ? null : await certificatePdf(deps.db, deps.config.CERTIFICATES_DIR, id, 1);
      if (!pdf) throw new HttpError(404, 'certificate_not_found');
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', 'inline; filename="certificate.pdf"');
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(pdf);
    })
    .route('/', trader);
}
