/**
 * One stone, under /api/v1/diamonds (numeric ids only, so /diamonds/catalogue is not caught):
 *
 *   GET /diamonds/:id               200 DetailDoc (DiamondDoc + inStock; prices only when signed in)
 *                                   | 404 diamond_not_found (unknown id). A stone that left the
 *                                   stock answers with inStock: false.
 *   GET /diamonds/:id/images        200 [{ type, src, framesCount?, format? }] (360 items carry
 *                                   framesCount and format; frames are {src}frame-NNN.{format})
 *   GET /diamonds/:id/certificates  200 [{ src }] signed in | 401 not_signed_in
 *   GET /diamonds/:id/certificate   200 { report1: { links: { pdf } } } signed in | 401 | 404 certificate_not_found
 *   GET /diamonds/:id/certificates/:n  the n-th certificate PDF itself (1-based) signed in | 401 | 404
 *                                   certificate_not_found. The PDFs live outside the built site
 *                                   (CERTIFICATES_DIR), so the sign-in rule holds on the file too.
 *   GET /diamonds/:id/related       200 DiamondDoc[] (same shape and category, in stock, up to 9)
 *   GET /diamonds/:id/similar-prices?ccy=  200 SimilarPrices (prices per carat of the similar stones
 *                                   in stock, in `ccy`, else the user's remembered currency, else
 *                                   the default) signed in | 401 not_signed_in
 */
import { Hono, type Context } from 'hono';
import type { DiamondDoc } from '../../src/domain/diamond.ts';
import { HttpError } from '../middleware/errors.ts';
import * as v from 'valibot';
import { idParams, queryIn } from '../middleware/validate.ts';
import { signedInUser } from '../middleware/roles.ts';
import { toDiamondDoc } from '../services/catalogue/diamond-docs.ts';
import {
  certificatePdf,
  relatedStones,
  stoneCertificates,
  stoneMedia,
  stoneOr404,
} from '../services/catalogue/diamond-detail.ts';
import { similarPrices } from '../services/catalogue/similar-prices.ts';
import type { AppEnv, Deps } from '../types.ts';

export type DetailDoc = DiamondDoc & { inStock: boolean };
export type CertificateAnswer = { report1: { links: { pdf: string } } };

const ID = '/:id';
const stoneId = idParams({ id: 'diamond_not_found' });
/** An unknown currency prices in the default one, as the bag does. */
const CcyQuery = v.object({ ccy: v.optional(v.pipe(v.string(), v.maxLength(8))) });

export function diamondDetailRoutes(deps: Deps) {
  /** The stone named by the path (its id checked by `stoneId`), or 404 diamond_not_found. */
  const stone = (c: { req: { valid(target: 'param'): { id: number } } }) =>
    stoneOr404(deps.db, c.req.valid('param').id);
  const authorised = (c: Context<AppEnv>) => c.var.user != null;
  const privately = (c: Context<AppEnv>) => c.header('Cache-Control', 'private, no-store');

  return new Hono<AppEnv>()
    .get(ID, stoneId, async (c) => {
      const row = await stone(c);
      privately(c);
      const doc: DetailDoc = { ...toDiamondDoc(row, authorised(c)), inStock: row.inStock };
      return c.json(doc);
    })
    .get(`${ID}/images`, stoneId, async (c) => c.json(await stoneMedia(deps.db, (await stone(c)).id)))
    .get(`${ID}/certificates`, stoneId, async (c) => {
      signedInUser(c);
      privately(c);
      return c.json(await stoneCertificates(deps.db, (await stone(c)).id));
    })
    .get(`${ID}/certificates/:n`, idParams({ id: 'diamond_not_found', n: 'certificate_not_found' }), async (c) => {
      signedInUser(c);
      const pdf = await certificatePdf(
        deps.db,
        deps.config.CERTIFICATES_DIR,
        (await stone(c)).id,
        c.req.valid('param').n,
      );
      if (!pdf) throw new HttpError(404, 'certificate_not_found');
      privately(c);
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', 'inline; filename="certificate.pdf"');
      c.header('X-Content-Type-Options', 'nosniff');
      return c.body(pdf);
    })
    .get(`${ID}/certificate`, stoneId, async (c) => {
      signedInUser(c);
      privately(c);
      const first = (await stoneCertificates(deps.db, (await stone(c)).id))[0];
      if (!first) throw new HttpError(404, 'certificate_not_found');
      const body: CertificateAnswer = { report1: { links: { pdf: first.src } } };
      return c.json(body);
    })
    .get(`${ID}/related`, stoneId, async (c) => {
      const docs = (await relatedStones(deps.db, await stone(c))).map((d) => toDiamondDoc(d, authorised(c)));
      privately(c);
      return c.json(docs);
    })
    .get(`${ID}/similar-prices`, stoneId, queryIn(CcyQuery), async (c) => {
      const user = signedInUser(c);
      const answer = await similarPrices(deps.db, await stone(c), c.req.valid('query').ccy ?? user.currency);
      privately(c);
      return c.json(answer);
    });
}
