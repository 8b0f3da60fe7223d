/**
 * Editable site blocks, admins only:
 *
 *   GET   /configs/site-blocks        ->  200 { blocks: { [id]: { _id, type, value, url } } }
 *   PATCH /configs/site-blocks/:id    JSON { type: 'text', value } | { type: 'list', value: [{ title, content }] }
 *                                     or multipart (image): src = one png/jpeg file, value = alt text
 *                                     (src may be left out to change only the alt text of an image)
 *                                     ->  200 { block } | 404 block_not_found
 *   POST  /configs/site-blocks        the same with _id (JSON or a multipart field)
 *                                     ->  201 { block } | 409 block_exists
 *
 * Errors: 401 visitor, 403 non-admin, 400 field errors (value: Text is required; src: the
 * spec's two upload messages, or an image over 4,000 px a side), 413 for a file over 5 MB
 * (middleware/body-limit.ts), 429 past the uploads per account. Nothing is stored on any refusal.
 * Every change is audited and regenerates the static site (services/site/blocks.ts).
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import * as v from 'valibot';
import { siteBlocks } from '../../db/tables.ts';
import { HttpError, parseOr400 } from '../middleware/errors.ts';
import { readJson } from '../middleware/json-body.ts';
import { requireAdmin, signedInAdmin } from '../middleware/roles.ts';
import { BlockId, BlockJson, blockView, findBlock, saveBlock, type BlockInput } from '../services/site/blocks.ts';
import { removeImage, storeImage, uploadedImage } from '../services/site/uploads.ts';
import type { AppEnv, Deps } from '../types.ts';

const Alt = v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(300, 'Alt text is too long'));

const isMultipart = (c: Context) =>
  (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');

/** Reads the request as a block: JSON for text/list, multipart for an image (file checked, not yet stored). */
async function readBlock(c: Context<AppEnv>, deps: Deps, userId: number, id: string | undefined) {
  if (!isMultipart(c)) {
    const body = await readJson(c, BlockJson);
    const blockId = parseOr400(BlockId, id ?? body._id);
    if (body.type === 'image')
      throw new HttpError(400, [{ param: 'src', msg: "The file you wanted to upload isn't an image" }]);
    return { input: { id: blockId, type: body.type, value: body.value } as BlockInput, image: null };
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new HttpError(400, 'invalid_body');
  }
  const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string) : undefined);
  const blockId = parseOr400(BlockId, id ?? str('_id'));
  // no file: the alt text alone changes, on a block that has its image already
  const given = form.src !== undefined && form.src !== '';
  const image = given ? (await uploadedImage(c, deps, userId, form.src)).image : null;
  const alt = parseOr400(Alt, str('value') === 'placeholder' ? '' : str('value'));
  return { input: { id: blockId, type: 'image', value: alt } as BlockInput, image };
}

async function save(c: Context<AppEnv>, deps: Deps, id: string | undefined, mode: 'create' | 'update') {
  const admin = signedInAdmin(c);
  const { input, image } = await readBlock(c, deps, admin.id, id);
  const existing = await findBlock(deps, input.id);
  if (mode === 'update' && !existing) throw new HttpError(404, 'block_not_found');
  if (mode === 'create' && existing) throw new HttpError(409, 'block_exists', { id: input.id });
  if (image && input.value === '' && typeof existing?.value === 'string') input.value = existing.value;
  let stored: string | null = null;
  if (image) {
    stored = await storeImage(deps.db, image);
    input.url = stored;
  }
  try {
    return blockView(await saveBlock(deps, admin.id, input, mode));
  } catch (err) {
    if (stored) await removeImage(deps.db, stored).catch(() => {});
    throw err;
  }
}

export function siteBlockRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/', requireAdmin(), async (c) => {
      c.header('Cache-Control', 'no-store');
      const rows = await deps.db.select().from(siteBlocks);
      return c.json({ blocks: Object.fromEntries(rows.map((b) => [b.id, blockView(b)])) });
    })
    .post('/', requireAdmin(), async (c) => c.json({ block: await save(c, deps, undefined, 'create') }, 201))
    .patch('/:id', requireAdmin(), async (c) => c.json({ block: await save(c, deps, c.req.param('id'), 'update') }));
}
