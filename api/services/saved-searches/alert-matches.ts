/**
 * Which changed stones each saved search is told about, all searches in one go: each search
 * is compiled once (and kept for later passes while it is unchanged), the catalogue's filter
 * runs over the index of the changed stones (one pricing per currency in use), and what a
 * change means is worked out once per distinct high-water mark (alert-window.ts `candidates`). A price change alerts only a search with a
 * price-drop threshold, when the drop reaches it.
 */
import type { Diamond, savedSearches } from '../../../db/tables.ts';
import { compileSearch, matchSearches, type CompiledSearch } from '../../../src/domain/saved-searches/match.ts';
import { candidates, type AlertKind, type AlertWindow, type Candidate } from './alert-window.ts';

export type AlertEvent = {
  stone: Diamond;
  kind: AlertKind;
  seq: number;
  dropPct: number | null;
  prevPrice: Candidate['prevPrice'];
};
type SavedSearch = typeof savedSearches.$inferSelect;
export type SearchToAlert = Pick<
  SavedSearch,
  'id' | 'view' | 'columns' | 'currency' | 'seenSeq' | 'priceDropPct' | 'updatedAt'
>;

/** Compiled searches kept between passes, by id, while the search is unchanged (same updatedAt). */
const compiledCache = new Map<number, { updatedAt: number; search: CompiledSearch }>();

function compiled(searches: readonly SearchToAlert[]): CompiledSearch[] {
  const seen = new Set<number>();
  const out = searches.map((s) => {
    seen.add(s.id);
    const at = s.updatedAt.getTime();
    const had = compiledCache.get(s.id);
    if (had && had.updatedAt === at) return had.search;
    const search = compileSearch({ view: s.view, columns: s.columns, currency: s.currency });
    compiledCache.set(s.id, { updatedAt: at, search });
    return search;
  });
  for (const id of compiledCache.keys()) if (!seen.has(id)) compiledCache.delete(id);
  return out;
}

/** The events of each search (by id) in the window; searches with none are left out. */
export function alertEvents(w: AlertWindow, searches: readonly SearchToAlert[]): Map<number, AlertEvent[]> {
  const out = new Map<number, AlertEvent[]>();
  if (w.index.size === 0 || searches.length === 0) return out;
  const byMark = new Map<number, Map<string, Candidate>>();
  const rows = matchSearches(compiled(searches), w.index, w.rates);
  searches.forEach((s, k) => {
    const hits = rows[k]!;
    if (hits.length === 0) return;
    let cands = byMark.get(s.seenSeq);
    if (!cands) byMark.set(s.seenSeq, (cands = candidates(w, s.seenSeq)));
    const events: AlertEvent[] = [];
    for (const row of hits) {
      const code = w.rows[row]!.stockCode;
      const c = cands.get(code);
      if (!c) continue;
      if (
        c.kind === 'price_changed' &&
        (s.priceDropPct == null || c.dropPct == null || c.dropPct < s.priceDropPct - 1e-9)
      )
        continue;
      events.push({ stone: w.stones.get(code)!, kind: c.kind, seq: c.seq, dropPct: c.dropPct, prevPrice: c.prevPrice });
    }
    if (events.length)
      out.set(
        s.id,
        events.sort((a, b) => a.seq - b.seq),
      );
  });
  return out;
}
