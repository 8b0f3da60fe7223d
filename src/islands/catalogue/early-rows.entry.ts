/**
 * The early rows as one file the page's inline script imports at once (all.astro): bundled on
 * its own (a Vite worker bundle, used here only as a self-contained script), so it runs as
 * soon as it has loaded instead of after the whole page has been parsed. It also starts the
 * full set's job in its Web Worker as soon as the first page and the site are in
 * (stores/catalogue-early-set.ts); the store adopts it.
 */
import { startEarlySet, type EarlySetWindow } from '../../stores/catalogue-early-set.ts';
import { paintFirstRows } from './early-table.ts';

void startEarlySet(
  window as EarlySetWindow,
  typeof Worker === 'undefined' ? null : (url) => new Worker(url, { type: 'module' }),
);
paintFirstRows();
