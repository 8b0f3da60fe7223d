/**
 * Saving a site block from the admin editor: PATCH /configs/site-blocks/:id when the block
 * exists, else POST /configs/site-blocks with its _id; JSON for text and list blocks, multipart
 * for images (one file in `src`). Then the blocks are refetched. Client checks mirror the
 * server's: text required, at most one png/jpeg file (none: the alt text alone is saved).
 */
import { call, client, type AnswerOf } from '../../lib/api.ts';

const blocks = client.configs['site-blocks'];
export type Blocks = AnswerOf<typeof blocks.$get>['blocks'];
export type BlockDoc = Blocks[string];
export type BlockType = BlockDoc['type'];
export type ListSection = { title: string; content: string };

export const MSG_TEXT_REQUIRED = 'Text is required';
export const MSG_ONE_FILE = 'You cannot upload more than one file at once';
export const MSG_NOT_IMAGE = "The file you wanted to upload isn't an image";
const IMAGE_TYPES = ['image/png', 'image/jpeg'];

export async function fetchBlocks(): Promise<Blocks> {
  return (await call(blocks.$get())).blocks;
}

/** The first problem with the chosen files, or null (none chosen: only the alt text changes). */
export function fileProblem(files: ArrayLike<File>): string | null {
  if (files.length > 1) return MSG_ONE_FILE;
  const f = files[0];
  if (f && !IMAGE_TYPES.includes(f.type)) return MSG_NOT_IMAGE;
  return null;
}

export type Draft =
  | { type: 'text'; value: string }
  | { type: 'list'; value: ListSection[] }
  | { type: 'image'; value: string; file: File | null };

export async function saveBlock(id: string, exists: boolean, draft: Draft): Promise<BlockDoc> {
  // one route takes JSON (text, list) or multipart (image), so the body is handed over as is
  let body: FormData | string;
  if (draft.type === 'image') {
    const form = new FormData();
    if (!exists) {
      form.set('_id', id);
      form.set('type', 'image');
    }
    form.set('value', draft.value || 'placeholder');
    if (draft.file) form.set('src', draft.file);
    body = form;
  } else {
    body = JSON.stringify(
      exists ? { type: draft.type, value: draft.value } : { _id: id, type: draft.type, value: draft.value },
    );
  }
  const headers: Record<string, string> = typeof body === 'string' ? { 'Content-Type': 'application/json' } : {};
  const options = { init: { body }, headers };
  const res = exists
    ? await call(blocks[':id'].$patch({ param: { id } }, options))
    : await call(blocks.$post({}, options));
  return res.block;
}
