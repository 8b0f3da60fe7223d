/** A saved search in words, for the account's list: the list it watches and its alerts. */
import { changedFilterKeys } from '../../domain/catalogue/filter-state.ts';
import { MAIN_TAB_LABELS } from '../../domain/catalogue/tabs.ts';
import { OPEN_FILTERS, readView } from '../../domain/saved-searches/view.ts';
import type { SavedSearchView } from '../../domain/saved-searches/schema.ts';
import { hourLabel } from './AlertFields.tsx';

export function viewSummary(s: Pick<SavedSearchView, 'view' | 'currency'>): string {
  const view = readView(s.view);
  if (!view) return s.currency;
  const n = changedFilterKeys(view.filters, OPEN_FILTERS, { includeSearch: true }).length;
  const filters = n === 0 ? 'no filters' : n === 1 ? '1 filter' : `${n} filters`;
  return `${MAIN_TAB_LABELS[view.tab]} · ${filters} · ${s.currency}`;
}

export function alertSummary(s: Pick<SavedSearchView, 'alert' | 'digestHour' | 'timeZone' | 'priceDropPct'>): string {
  if (s.alert === 'off') return 'Alerts off';
  const when =
    s.alert === 'instant'
      ? 'Instant alerts'
      : `Daily digest at ${hourLabel(s.digestHour ?? 0)} (${(s.timeZone ?? 'UTC').replace(/_/g, ' ')})`;
  return s.priceDropPct ? `${when}, and price drops of ${s.priceDropPct}% or more` : when;
}
