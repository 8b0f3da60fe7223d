/**
 * The early rows as one file the page's inline script imports at once (all.astro): bundled on
 * its own (a Vite worker bundle, used here only as a self-contained script), so it runs as
 * soon as it has loaded instead of after the whole page has been parsed.
 */
import { paintFirstRows } from './early-table.ts';

paintFirstRows();
