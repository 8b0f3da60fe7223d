/** The post editor's formatting buttons wrap the selected text in the tool's tags. */
import { describe, expect, it } from 'vitest';
import { wrapSelection } from '../../src/islands/admin/posts/PostBodyEditor.tsx';

const bold = { label: 'B', title: 'Bold', before: '<strong>', after: '</strong>' };

describe('wrapSelection', () => {
  it('wraps the selected text and keeps the rest', () => {
    expect(wrapSelection('a fine stone', 2, 6, bold)).toBe('a <strong>fine</strong> stone');
  });
  it('inserts an empty pair at the caret when nothing is selected', () => {
    expect(wrapSelection('ab', 1, 1, bold)).toBe('a<strong></strong>b');
    expect(wrapSelection('', 0, 0, { ...bold, before: '<p>', after: '</p>' })).toBe('<p></p>');
  });
});
