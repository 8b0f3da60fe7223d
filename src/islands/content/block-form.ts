/** Builds the edit form for one block inside the editor dialog, and reads it back as a Draft. */
import { fileProblem, MSG_TEXT_REQUIRED, type BlockType, type Draft, type ListSection } from './block-save.ts';

const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...kids: (Node | string)[]
) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...kids);
  return node;
};

function field(label: string, control: HTMLElement, id: string): HTMLElement {
  control.id = id;
  return el('div', { className: 'field' }, el('label', { className: 'field__label', htmlFor: id }, label), control);
}

const uid = () => Math.random().toString(36).slice(2, 9);

function input(tag: 'input' | 'textarea', value: string, name: string): HTMLInputElement | HTMLTextAreaElement {
  const node = document.createElement(tag);
  node.className = 'input';
  node.value = value;
  node.name = name;
  return node;
}

/** Numbers the sections after an add, a removal or a move. */
function renumber(list: HTMLElement): void {
  [...list.children].forEach((row, i) => {
    const legend = row.querySelector('legend');
    if (legend) legend.textContent = `Section ${i + 1}`;
  });
}

/** Moves a section one place up (-1) or down (+1), keeping keyboard focus on the button used. */
function move(list: HTMLElement, row: HTMLElement, by: -1 | 1, button: HTMLElement): void {
  const other = by < 0 ? row.previousElementSibling : row.nextElementSibling;
  if (!other) return;
  if (by < 0) list.insertBefore(row, other);
  else list.insertBefore(other, row);
  renumber(list);
  button.focus();
}

function sectionRow(list: HTMLElement, s: ListSection): HTMLElement {
  const row = el('fieldset', { className: 'block-edit__section' });
  const tools = el('div', { className: 'block-edit__tools' });
  const up = el('button', { type: 'button', className: 'link', textContent: 'Move up' });
  const down = el('button', { type: 'button', className: 'link', textContent: 'Move down' });
  up.onclick = () => move(list, row, -1, up);
  down.onclick = () => move(list, row, 1, down);
  const remove = el('button', { type: 'button', className: 'link', textContent: 'Remove section' });
  remove.onclick = () => {
    row.remove();
    renumber(list);
  };
  tools.append(up, down, remove);
  row.append(
    el('legend', {}, 'Section'),
    field('Title', input('input', s.title, 'title'), `block-sec-t-${uid()}`),
    field('Content', input('textarea', s.content, 'content'), `block-sec-c-${uid()}`),
    tools,
  );
  list.append(row);
  renumber(list);
  return row;
}

/** The form's fields for `type`, filled with `value`; read() returns the Draft or an error message. */
export function blockFields(
  type: BlockType,
  value: string | ListSection[],
): { node: HTMLElement; read(): Draft | string } {
  const box = el('div', { className: 'block-edit__fields' });
  if (type === 'text') {
    const area = input('textarea', typeof value === 'string' ? value : '', 'value');
    area.required = true;
    box.append(field('Text', area, 'block-edit-text'));
    return { node: box, read: () => (area.value.trim() ? { type, value: area.value.trim() } : MSG_TEXT_REQUIRED) };
  }
  if (type === 'image') {
    const file = document.createElement('input');
    Object.assign(file, {
      type: 'file',
      accept: 'image/png,image/jpeg',
      multiple: true,
      className: 'input',
      name: 'src',
    });
    const alt = input('input', typeof value === 'string' ? value : '', 'alt');
    box.append(
      field('Image (png or jpeg; leave empty to keep the image)', file, 'block-edit-file'),
      field('Description (alt text)', alt, 'block-edit-alt'),
    );
    return {
      node: box,
      read: () => {
        const problem = fileProblem(file.files ?? []);
        return problem ?? { type, value: alt.value.trim(), file: file.files?.[0] ?? null };
      },
    };
  }
  const list = el('div', { className: 'block-edit__list' });
  const sections = Array.isArray(value) ? value : [];
  sections.forEach((s) => sectionRow(list, s));
  const add = el('button', { type: 'button', className: 'btn btn--small btn--ghost', textContent: 'Add section' });
  add.onclick = () => sectionRow(list, { title: '', content: '' }).querySelector('input')?.focus();
  box.append(list, add);
  return {
    node: box,
    read: () => ({
      type: 'list',
      value: [...list.querySelectorAll('fieldset')].map((f) => ({
        title: f.querySelector<HTMLInputElement>('[name=title]')?.value.trim() ?? '',
        content: f.querySelector<HTMLTextAreaElement>('[name=content]')?.value ?? '',
      })),
    }),
  };
}
