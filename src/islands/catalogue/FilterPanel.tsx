/**
 * The side filter panel: sub-tabs 'Filters (n)' (n = changed filters)
 * and 'More Filters' (filters/MainFilters.tsx, filters/MoreFilters.tsx). Edits go to the draft
 * (useDraftFilters), so the list follows 500 ms later. On phones the panel is a full view
 * closed by 'View Results'.
 */
import { useState } from 'react';
import { useCookieRoom } from '../ui/useCookieRoom.ts';
import { MainFilters } from './filters/MainFilters.tsx';
import { MoreFilters } from './filters/MoreFilters.tsx';
import type { GroupProps } from './filters/group-props.ts';

type Props = GroupProps & {
  id: string;
  count: number;
  onReset: () => void;
  onViewResults: () => void;
};

export function FilterPanel({ id, count, onReset, onViewResults, ...group }: Props) {
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
