/**
 * Compare Diamonds (/diamonds/compare): tabs Single / Lab grown / Parcel, each with the
 * compare-list stones of its category in list order; columns side by side, one under another on
 * phones. Drag and drop reorders (mouse after 5 px, touch after a 120 ms press, keyboard with
 * Space); a drop with no destination changes nothing; Remove takes a stone out. Rows that
 * differ between the stones are marked, the best value of a graded row or of the price per carat
 * says "Best", and "Show only differences" hides the rows where every stone is alike. Share makes
 * a signed link to a read-only page of the tab's stones (ShareCompareDrawer.tsx).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { COMPARE_TABS, compareTabCounts, compareTabItems, type CompareTab } from '../../domain/catalogue/tabs.ts';
import { $compare, reorderCompare, toggleCompare } from '../../stores/compare.ts';
import { loadLists } from '../../stores/favourites.ts';
import { loadSession } from '../../stores/session.ts';
import { loadSite } from '../../stores/site.ts';
import { useListDocs, type ListDoc } from '../favourites/useListDocs.ts';
import { CompareBoard } from './CompareBoard.tsx';
import { CompareTabs } from './CompareTabs.tsx';
import { DifferencesSwitch } from './DifferencesSwitch.tsx';
import { ShareCompare } from './ShareCompareDrawer.tsx';
import { applyMove } from './reorder.ts';
import { useListBadges } from '../favourites/useListBadges.ts';
import '../../styles/tabs.css';
import './compare.css';
import './compare-marks.css';
import { routes } from '../../domain/routes.ts';
import { MakeClientPage } from '../client-pages/MakeClientPage.tsx';

export default function CompareApp() {
  const ids = useStore($compare);
  const [tab, setTab] = useState<CompareTab>(0);
  const [onlyDifferences, setOnlyDifferences] = useState(false);
  const { entries, ready } = useListDocs(ids, 'compare');

  useListBadges();

  useEffect(() => {
    void loadSession();
    void loadSite();
    void loadLists();
  }, []);

  const loaded = useMemo(() => {
    const map = new Map<number, ListDoc>();
    for (const e of entries) if (e.doc?.inStock) map.set(e.id, e.doc);
    return map;
  }, [entries]);
  const counts = compareTabCounts(ids, loaded);
  const items = compareTabItems(ids, loaded, tab);
  const gone = entries.filter((e) => e.known && !e.doc?.inStock).map((e) => e.id);

  // open the first tab that has stones, once they are known
  useEffect(() => {
    if (ready && counts[tab] === 0) {
      const first = COMPARE_TABS.find((t) => counts[t] > 0);
      if (first != null) setTab(first);
    }
    // once, when the lists first arrive: later the buyer's own tab choice stands
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  const onMove = (activeId: number, overId: number | null) => {
    const next = applyMove(ids, activeId, overId);
    if (next !== ids) void reorderCompare(next);
  };

  return (
    <div className="cmp">
      <CompareTabs tab={tab} counts={counts} onChange={setTab} />
      {ids.length === 0 ? (
        <div className="list-empty">
          <h2>Nothing to compare yet</h2>
          <p>Add stones with the compare toggle on the list or the detail page.</p>
          <a className="btn" href={routes.catalogue}>
            Browse all diamonds
          </a>
        </div>
      ) : !ready && items.length === 0 ? (
        <p className="list-note" aria-busy="true">
          Loading your compare list…
        </p>
      ) : items.length === 0 ? (
        <p className="list-note">No stones of this category in your compare list.</p>
      ) : (
        <>
          <DifferencesSwitch on={onlyDifferences} disabled={items.length < 2} onChange={setOnlyDifferences}>
            <ShareCompare ids={items.map((d) => d._id)} />
          </DifferencesSwitch>
          <MakeClientPage diamondIds={[...loaded.keys()]} from="compare list" />
          <CompareBoard
            items={items}
            onlyDifferences={onlyDifferences}
            onMove={onMove}
            onRemove={(id) => void toggleCompare(id)}
          />
        </>
      )}
      {gone.length > 0 && (
        <p className="list-note cmp-gone">
          {gone.length === 1 ? 'One stone' : `${gone.length} stones`} in your compare list{' '}
          {gone.length === 1 ? 'is' : 'are'} no longer available.{' '}
          <button type="button" className="cmp-inline" onClick={() => gone.forEach((id) => void toggleCompare(id))}>
            Remove {gone.length === 1 ? 'it' : 'them'}
          </button>
        </p>
      )}
    </div>
  );
}
