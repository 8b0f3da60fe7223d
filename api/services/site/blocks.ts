/**
 * Writing site blocks (text, image, list): one row per content id, an audit_log row per
 * change, then the static site is told so it regenerates (deps.site?.contentChanged).
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { plainText, visible } from '../../../src/domain/validation/fields.ts';
import { writeTx } from '../../../db/client.ts';
import { siteBlocks, type SiteBlock } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import type { Deps } from '../../types.ts';
import { audit } from '../admin/audit.ts';
import { contentChanged } from './versions.ts';

/**
 * A block id names a page (or part) and the block on it, in lower case joined by '_':
 * `home_welcome_title`, `footer_logo_3`. It starts with a letter, has at least two parts and
 * at most 80 characters; so 'NaN', 'null', 'undefined', '1' or 'a--b' are never ids.
 */
export const BLOCK_ID_PATTERN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
export const BlockId = v.pipe(
  v.string('_id is required'),
  v.trim(),
  v.maxLength(80, 'At most 80 characters'),
  v.regex(
    BLOCK_ID_PATTERN,
    'Use lower-case words of letters and digits joined by _, starting with a letter (e.g. home_welcome_title)',
  ),
);
const TextValue = v.pipe(
  v.string('Text is required'),
  v.trim(),
  v.nonEmpty('Text is required'),
  visible('Text is required'),
  plainText('The text'),
  v.maxLength(20_000, 'Text is too long'),
);
const Section = v.object({
  title: v.pipe(v.string('Title is required'), v.trim(), plainText('The title'), v.maxLength(500, 'Title is too long')),
  content: v.pipe(
    v.string('Content is required'),
    plainText('The content'),
    v.maxLength(20_000, 'Content is too long'),
  ),
});

/** JSON body for text and list blocks. */
export const BlockJson = v.variant(
  'type',
  [
    v.object({ _id: v.optional(BlockId), type: v.literal('text'), value: TextValue }),
    v.object({
      _id: v.optional(BlockId),
      type: v.literal('list'),
      value: v.pipe(v.array(Section, 'Sections are required'), v.maxLength(100, 'At most 100 sections')),
    }),
    v.object({
      _id: v.optional(BlockId),
      type: v.literal('image'),
      value: v.optional(v.pipe(v.string(), v.maxLength(300)), ''),
    }),
  ],
  'type must be text, image or list',
);

export type BlockInput = {
  id: string;
  type: SiteBlock['type'];
  value: string | { title: string; content: string }[];
  url?: string;
};

export function blockView(b: SiteBlock) {
  return { _id: b.id, type: b.type, value: b.value, url: b.url };
}

export async function findBlock(deps: Deps, id: string): Promise<SiteBlock | undefined> {
  return (await deps.db.select().from(siteBlocks).where(eq(siteBlocks.id, id)).limit(1))[0];
}

/** Creates (mode 'create') or updates (mode 'update') a block; audit row in the same transaction. */
export async function saveBlock(
  deps: Deps,
  adminId: number,
  input: BlockInput,
  mode: 'create' | 'update',
): Promise<SiteBlock> {
  const now = new Date(deps.clock.now());
  const saved = await writeTx(deps.db, async () => {
    const existing = await findBlock(deps, input.id);
    if (mode === 'create' && existing) throw new HttpError(409, 'block_exists', { id: input.id });
    if (mode === 'update' && !existing) throw new HttpError(404, 'block_not_found');
    if (existing && existing.type !== input.type)
      throw new HttpError(400, [{ param: 'type', msg: `This block is a ${existing.type} block` }]);
    const url = input.type === 'image' ? (input.url ?? existing?.url ?? null) : null;
    if (input.type === 'image' && !url) throw new HttpError(400, [{ param: 'src', msg: 'Choose an image first' }]);
    const row = { id: input.id, type: input.type, value: input.value, url, updatedBy: adminId, updatedAt: now };
    if (existing) await deps.db.update(siteBlocks).set(row).where(eq(siteBlocks.id, input.id));
    else await deps.db.insert(siteBlocks).values(row);
    await audit(
      deps.db,
      adminId,
      mode === 'create' ? 'create' : 'update',
      'site_block',
      input.id,
      { type: input.type, url },
      now.getTime(),
    );
    return (await findBlock(deps, input.id)) as SiteBlock;
  });
  await contentChanged(deps, `block ${input.id}`);
  return saved;
}
