/**
 * The side filter panel: sub-tabs 'Filters (n)' (n = changed filters)
 * and 'More Filters' (filters/MainFilters.tsx, filters/MoreFilters.tsx). Edits go to the draft
 * (useDraftFilters), so the list follows 500 ms later. On phones the panel is a full view
 * closed by 'View Results'. The sliders' histograms are drawn here, from the set: a render of
 * their own, apart from the list's (React can yield between the two), and none while the panel is
 * closed.
 */
import { useState } from 'react';
import { useCookieRoom } from '../ui/useCookieRoom.ts';
import { MainFilters } from './filters/MainFilters.tsx';
import { MoreFilters } from './filters/MoreFilters.tsx';
import type { GroupProps } from './filters/group-props.ts';
import { useSliderHistograms } from './filters/useSliderHistograms.ts';
import type { CatalogueIndex } from '../../domain/catalogue/index.ts';

type Props = Omit<GroupProps, 'histograms'> & {
  id: string;
  /** the full set (null until it is here) and its re-pricing count */
  set: { index: CatalogueIndex | null; version: number };
  count: number;
  onReset: () => void;
  onViewResults: () => void;
};

export function FilterPanel({ id, count, onReset, onViewResults, set, ...rest }: Props) {
  const histograms = useSliderHistograms(set.index, set.version, rest.tab, rest.bounds.weight, rest.authorised);
  const group: GroupProps = { ...rest, histograms };
  const [sub, setSub] = useState<'main' | 'more'>('main');
  const cookieRoom = useCookieRoom(); // a sticky panel ends above the cookie notice (panel.css)
  return (
    <aside className="cat-panel" id={id} aria-label="Filters" style={cookieRoom}>
      <div className="cat-panel__tabs" role="tablist" aria-label="Filter groups">
        <button type="button" role="tab" aria-selected={sub === 'main'} onClick={() => setSub('main')}>
          Filters ({count})
        </button>
        <button type="button" role="tab" aria-selected={sub === 'more'} onClick={() => setSub('more')}>
          More Filters
        </button>
      </div>
      <div className="cat-panel__body" role="tabpanel">
        {sub === 'main' ? <MainFilters {...group} /> : <MoreFilters {...group} />}
      </div>
      <div className="cat-panel__foot">
        <button type="button" className="btn btn--ghost btn--small" onClick={onReset} disabled={count === 0}>
          Reset filters
        </button>
        <button type="button" className="btn btn--small cat-panel__results" onClick={onViewResults}>
          View Results
        </button>
      </div>
    </aside>
  );
}
