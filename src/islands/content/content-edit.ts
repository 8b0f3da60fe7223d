/**
 * Entry for editable content on any page (<EditableContent />,
 * src/islands/content/EditableContent.astro). Nothing of it runs while the first screen is
 * drawn: the session's code and its request wait for the page's first paint
 * (lib/after-first-paint.ts), as client:painted islands do, and
 * then start-editing.ts looks for staff.
 */
import { afterFirstPaint } from '../../lib/after-first-paint.ts';

afterFirstPaint(() => void import('./start-editing.ts'));
