/**
 * The post body's formatting buttons: each wraps the selection in a pair of HTML tags. A
 * button's name (its title) contains the letters it shows, so a voice user can say what they see.
 */

export type Tool = { label: string; title: string; before: string; after: string };

const TOOLS: Tool[] = [
  { label: 'B', title: 'Bold', before: '<strong>', after: '</strong>' },
  { label: 'I', title: 'Italic', before: '<em>', after: '</em>' },
  { label: 'H2', title: 'H2 heading', before: '<h2>', after: '</h2>' },
  { label: 'H3', title: 'H3 sub-heading', before: '<h3>', after: '</h3>' },
  { label: '¶', title: 'Paragraph', before: '<p>', after: '</p>' },
  { label: '• List', title: 'Bulleted list', before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { label: '❝', title: 'Quote', before: '<blockquote>', after: '</blockquote>' },
  { label: 'Link', title: 'Link', before: '<a href="https://">', after: '</a>' },
  { label: 'Image', title: 'Image', before: '<img src="/media/" alt="', after: '">' },
];

export function FormattingToolbar({ onTool }: { onTool: (t: Tool) => void }) {
  return (
    <div className="adk-toolbar" role="toolbar" aria-label="Formatting">
      {TOOLS.map((t) => (
        <button key={t.title} type="button" title={t.title} aria-label={t.title} onClick={() => onTool(t)}>
          {t.label}
        </button>
      ))}
    </div>
  );
}
