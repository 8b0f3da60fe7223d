/**
 * Opening a saved search: its currency becomes the display currency (remembered in this
 * browser and on the account, as the currency menu does), its visible columns are handed to
 * the list page (sessionStorage, read once by the list when it reads its address), then the
 * saved address opens.
 */
import type { OptionalColumns } from '../../domain/catalogue/index.ts';
import { call, client } from '../../lib/api.ts';
import { rememberCurrency } from '../../stores/shown-currency.ts';

const COLUMNS_KEY = 'facet.saved-search.columns';

export async function openSavedSearch(s: { view: string; columns: OptionalColumns; currency: string }) {
  rememberCurrency(s.currency);
  try {
    sessionStorage.setItem(COLUMNS_KEY, JSON.stringify(s.columns));
  } catch {
    // storage blocked: the list opens with every column
  }
  try {
    await call(client.profile.currency.$patch({ json: { ccy: s.currency as 'GBP' } }));
  } catch {
    // the browser's remembered currency still applies
  }
  window.location.assign(s.view);
}

/** The columns a saved search opened with (once; null when the list was not opened from one). */
export function takeOpenedColumns(): OptionalColumns | null {
  try {
    const raw = sessionStorage.getItem(COLUMNS_KEY);
    if (raw == null) return null;
    sessionStorage.removeItem(COLUMNS_KEY);
    const c = JSON.parse(raw) as Partial<OptionalColumns>;
    return { measurements: c.measurements !== false, availability: c.availability !== false };
  } catch {
    return null;
  }
}
