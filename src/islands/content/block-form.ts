/** Builds the edit form for one block inside the editor dialog, and reads it back as a Draft. */
import { fileProblem, MSG_TEXT_REQUIRED, type BlockType, type Draft, type ListSection } from './block-save.ts';

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: (Node | string)[]) => {
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

function sectionRow(list: HTMLElement, s: ListSection, n: number): HTMLElement {
  const row = el('fieldset', { className: 'block-edit__section' });
  row.append(
    el('legend', {}, `Section ${n}`),
    field('Title', input('input', s.title, 'title'), `block-sec-t-${uid()}`),
    field('Content', input('textarea', s.content, 'content'), `block-sec-c-${uid()}`),
    el('button', { type: 'button', className: 'link', textContent: 'Remove section', onclick: () => row.remove() }),
  );
  list.append(row);
  return row;
}

/** The form's fields for `type`, filled with `value`; read() returns the Draft or an error message. */
export function blockFields(type: BlockType, value: string | ListSection[]): { node: HTMLElement; read(): Draft | string } {
  const box = el('div', { className: 'block-edit__fields' });
  if (type === 'text') {
    const area = input('textarea', typeof value === 'string' ? value : '', 'value');
    area.required = true;
    box.append(field('Text', area, 'block-edit-text'));
    return { node: box, read: () => (area.value.trim() ? { type, value: area.value.trim() } : MSG_TEXT_REQUIRED) };
  }
  if (type === 'image') {
    const file = document.createElement('input');
    Object.assign(file, { type: 'file', accept: 'image/png,image/jpeg', multiple: true, className: 'input', name: 'src' });
    const alt = input('input', typeof value === 'string' ? value : '', 'alt');
    box.append(field('Image (png or jpeg)', file, 'block-edit-file'), field('Description (alt text)', alt, 'block-edit-alt'));
    return {
      node: box,
      read: () => {
        const problem = fileProblem(file.files ?? []);
        const f = file.files?.[0];
        return problem || !f ? (problem ?? "The file you wanted to upload isn't an image") : { type, value: alt.value.trim(), file: f };
      },
    };
  }
  const list = el('div', { className: 'block-edit__list' });
  const sections = Array.isArray(value) ? value : [];
  sections.forEach((s, i) => sectionRow(list, s, i + 1));
  const add = el('button', { type: 'button', className: 'btn btn--small btn--ghost', textContent: 'Add section' });
  add.onclick = () => sectionRow(list, { title: '', content: '' }, list.children.length + 1);
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
