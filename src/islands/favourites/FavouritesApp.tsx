/**
 * Favourite Diamonds (/diamonds/fav): tabs All / Single / Lab grown / Parcel; each favourite
 * links to its details and to its shape's listing, can be marked for compare or removed; one
 * that left the stock reads 'Item no longer available' and can still be removed. Prices only
 * for signed-in users.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { COMPARE_TAB_LABELS, compareTabOf, type CompareTab } from '../../domain/catalogue/tabs.ts';
import { $favourites, loadLists } from '../../stores/favourites.ts';
import { loadSession } from '../../stores/session.ts';
import { loadSite } from '../../stores/site.ts';
import { PriceDrawer } from '../price/PriceDrawer.tsx';
import { FavouriteRow } from './FavouriteRow.tsx';
import { useListDocs, type Entry } from './useListDocs.ts';
import { useListBadges } from './useListBadges.ts';
import '../../styles/tabs.css';
import './favourites.css';
import { routes } from '../../domain/routes.ts';
import { MakeClientPage } from '../client-pages/MakeClientPage.tsx';

type Tab = 'all' | CompareTab;
const TABS: Tab[] = ['all', 0, 1, 2];
const label = (t: Tab) => (t === 'all' ? 'All' : COMPARE_TAB_LABELS[t]);
const inTab = (e: Entry, t: Tab) => t === 'all' || (e.doc != null && compareTabOf(e.doc) === t);

export default function FavouritesApp() {
  const ids = useStore($favourites);
  const [tab, setTab] = useState<Tab>('all');
  const { entries, ready } = useListDocs(ids, 'favourites');

  useListBadges();

  useEffect(() => {
    void loadSession();
    void loadSite();
    void loadLists();
  }, []);

  const shown = entries.filter((e) => inTab(e, tab));

  return (
    <div className="fav">
      <div className="tabs" role="tablist" aria-label="Favourites by category">
        {TABS.map((t) => (
          <button key={t} type="button" role="tab" aria-selected={tab === t} className="tab" onClick={() => setTab(t)}>
            {label(t)} <span className="tab__count num">{entries.filter((e) => inTab(e, t)).length}</span>
          </button>
        ))}
      </div>
      {ids.length === 0 ? (
        <Empty />
      ) : !ready && shown.length === 0 ? (
        <p className="list-note" aria-busy="true">
          Loading your favourites…
        </p>
      ) : shown.length === 0 ? (
        <p className="list-note">No favourites in this category.</p>
      ) : (
        <ul className="fav-list" aria-label="Favourite diamonds">
          {shown.map((e) => (
            <FavouriteRow key={e.id} entry={e} />
          ))}
        </ul>
      )}
      <MakeClientPage diamondIds={entries.filter((e) => e.doc?.inStock).map((e) => e.id)} from="favourites" />
      <PriceDrawer />
    </div>
  );
}

function Empty() {
  return (
    <div className="list-empty">
      <h2>No favourites yet</h2>
      <p>Mark stones with the heart on the list or the detail page to keep them here.</p>
      <a className="btn" href={routes.catalogue}>
        Browse all diamonds
      </a>
    </div>
  );
}
