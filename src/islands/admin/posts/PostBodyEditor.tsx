/** The post's content as HTML in a text area, under the formatting toolbar. */
import { useRef } from 'react';
import { FormattingToolbar, type Tool } from './FormattingToolbar.tsx';

/** `value` with the selection [a, b) wrapped in the tool's tags */
export const wrapSelection = (value: string, a: number, b: number, t: Tool) =>
  value.slice(0, a) + t.before + value.slice(a, b) + t.after + value.slice(b);

export function PostBodyEditor({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  /** wraps the selection, then puts the focus back with the same text selected inside the tags */
  const wrap = (t: Tool) => {
    const el = ref.current;
    if (!el) return;
    const { selectionStart: a, selectionEnd: b } = el;
    onChange(wrapSelection(value, a, b, t));
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(a + t.before.length, b + t.before.length);
    });
  };
  return (
    <div className="field">
      <span className="field__label" id="post-content-label">
        Content (HTML)
      </span>
      <FormattingToolbar onTool={wrap} />
      <textarea
        ref={ref}
        className="adk-textarea adk-textarea--code"
        aria-labelledby="post-content-label"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      <span className="adm-muted">Scripts, styles and unknown tags are removed when the post is saved.</span>
    </div>
  );
}
