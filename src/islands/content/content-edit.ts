/**
 * Entry for editable content on any page (<EditableContent />,
 * src/islands/content/EditableContent.astro). Nothing of it runs while the first screen is
 * drawn: the session's code and its request wait for the page's first paint
 * (`window.__afterFirstPaint`, layouts/BaseLayout.astro), as client:painted islands do, and
 * then start-editing.ts looks for staff.
 */
const afterFirstPaint = window.__afterFirstPaint ?? ((then: () => void) => then());
afterFirstPaint(() => void import('./start-editing.ts'));
