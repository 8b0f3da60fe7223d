/**
 * The admin content editor (loaded only for staff by content-edit.ts): an Edit button after
 * every [data-block] element (data-block-type text | image | list), a dialog with the block's
 * form, save (PATCH or POST) and refetch, then the page shows the new value at once and a
 * status line follows the publishing (publish-status.ts). On load, every block the page shows
 * is set to its current value, so an admin never sees an older build's text. Also reveals
 * [data-staff-only] elements (Manage News, admin link buttons).
 */
import { blockFields } from './block-form.ts';
import { fetchBlocks, saveBlock, type BlockDoc, type Blocks, type BlockType } from './block-save.ts';
import { ApiError } from '../../lib/api.ts';
import { buildStatus, followPublishing } from './publish-status.ts';
import './editor.css';

let blocks: Blocks = {};

function currentValue(node: HTMLElement, id: string, type: BlockType): BlockDoc['value'] {
  const b = blocks[id];
  if (b) return b.value;
  if (type === 'image') return node.querySelector('img')?.alt ?? (node as HTMLImageElement).alt ?? '';
  return type === 'list' ? [] : node.innerText.trim();
}

/** Fills `box` with paragraphs as the static pages render text (components/Paragraphs.astro). */
function paragraphs(box: HTMLElement, text: string): void {
  box.replaceChildren(
    ...text
      .split(/\n\s*\n/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p) => {
        const para = document.createElement('p');
        p.split('\n').forEach((line, i) => para.append(...(i > 0 ? [document.createElement('br'), line] : [line])));
        return para;
      }),
  );
}

/** A list block as the server now sends the page (its overlay lays saved lists over the build). */
async function showList(node: HTMLElement, id: string): Promise<void> {
  const html = await (await fetch(location.pathname, { cache: 'no-store', credentials: 'same-origin' })).text();
  const fresh = new DOMParser().parseFromString(html, 'text/html').querySelector(`[data-block="${CSS.escape(id)}"]`);
  if (!fresh) return;
  node.innerHTML = fresh.innerHTML;
  document.dispatchEvent(new CustomEvent('facet:content-replaced'));
}

function show(node: HTMLElement, doc: BlockDoc): void {
  if (doc.type === 'text' && typeof doc.value === 'string') {
    // a block rendered as paragraphs keeps its paragraphs (and their styles)
    const prose = node.querySelector<HTMLElement>(':scope > .prose');
    if (prose) paragraphs(prose, doc.value);
    else node.textContent = doc.value;
  } else if (doc.type === 'image' && doc.url) {
    let img = node instanceof HTMLImageElement ? node : node.querySelector('img');
    if (!img) {
      // the block showed a drawn placeholder: put the image in its place, keep the Edit button
      img = document.createElement('img');
      img.decoding = 'async';
      node.replaceChildren(img, ...node.querySelectorAll(':scope > .block-edit__open'));
    }
    img
      .closest('picture')
      ?.querySelectorAll('source')
      .forEach((s) => s.remove());
    img.src = doc.url;
    img.alt = typeof doc.value === 'string' ? doc.value : img.alt;
  }
}

const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * Brings a text block the page shows up to its current value (a page from an older build, or
 * another node's). Images are left to the server's overlay: a built page may show an
 * optimised copy of the same file.
 */
function freshen(node: HTMLElement, doc: BlockDoc | undefined): void {
  if (doc?.type === 'text' && typeof doc.value === 'string' && flat(node.innerText) !== flat(doc.value))
    show(node, doc);
}

function openEditor(node: HTMLElement, id: string, type: BlockType): void {
  const dialog = document.createElement('dialog');
  dialog.className = 'block-edit';
  dialog.setAttribute('aria-labelledby', 'block-edit-title');
  const form = document.createElement('form');
  form.method = 'dialog';
  form.noValidate = true;
  const title = Object.assign(document.createElement('h2'), {
    id: 'block-edit-title',
    textContent: `Edit ${type} block`,
  });
  const meta = Object.assign(document.createElement('p'), { className: 'block-edit__id', textContent: id });
  const fields = blockFields(type, currentValue(node, id, type));
  const error = Object.assign(document.createElement('p'), { className: 'block-edit__error', role: 'alert' });
  const actions = document.createElement('div');
  actions.className = 'block-edit__actions';
  const cancel = Object.assign(document.createElement('button'), {
    type: 'button',
    className: 'btn btn--ghost',
    textContent: 'Cancel',
  });
  const save = Object.assign(document.createElement('button'), {
    type: 'submit',
    className: 'btn',
    textContent: 'Save',
  });
  actions.append(cancel, save);
  form.append(title, meta, fields.node, error, actions);
  dialog.append(form);
  document.body.append(dialog);
  cancel.onclick = () => dialog.close();
  dialog.addEventListener('close', () => dialog.remove());
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const draft = fields.read();
    if (typeof draft === 'string') {
      error.textContent = draft;
      return;
    }
    save.disabled = true;
    save.textContent = 'Saving…';
    error.textContent = '';
    try {
      const before = await buildStatus();
      const doc = await saveBlock(id, id in blocks, draft);
      blocks = await fetchBlocks().catch(() => ({ ...blocks, [id]: doc }));
      if (type === 'list')
        await showList(node, id).catch((err: unknown) => console.error('[content] list refresh failed', err));
      else show(node, blocks[id] ?? doc);
      dialog.close();
      void followPublishing(before);
    } catch (err) {
      console.error('[content] block save failed', err);
      error.textContent = err instanceof ApiError ? err.message : 'The block could not be saved';
      save.disabled = false;
      save.textContent = 'Save';
    }
  });
  dialog.showModal();
}

export async function startEditor(): Promise<void> {
  blocks = await fetchBlocks().catch(() => ({}));
  for (const staff of document.querySelectorAll<HTMLElement>('[data-staff-only]')) staff.hidden = false;
  for (const node of document.querySelectorAll<HTMLElement>('[data-block]')) {
    const id = node.dataset.block ?? '';
    const type = (node.dataset.blockType ?? 'text') as BlockType;
    if (!id) continue;
    freshen(node, blocks[id]);
    const button = Object.assign(document.createElement('button'), {
      type: 'button',
      className: `block-edit__open block-edit__open--${type}`,
      textContent: 'Edit',
    });
    button.setAttribute('aria-label', `Edit ${type} block ${id}`);
    button.onclick = () => openEditor(node, id, type);
    if (type === 'image' && !(node instanceof HTMLImageElement)) {
      // the button sits on the image's top-left corner, not the page's
      if (getComputedStyle(node).position === 'static') node.style.position = 'relative';
      node.append(button);
    } else node.after(button);
  }
}
