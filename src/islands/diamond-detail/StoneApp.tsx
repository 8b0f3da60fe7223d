/**
 * The stone shell's island (src/pages/diamonds/stone.astro, served for /diamonds/{id} and
 * /diamonds/{id}/{details|report|diagram|360}). It reads the address: the detail screen
 * with its tabs (pushState on a tab change, back/forward follow), the 360 view with the
 * layout, or the bare 360 view (no layout; `?noControlsAndLogo` hides controls and logo).
 */
import { useCallback, useEffect, useState } from 'react';
import { loadAvailabilityConfig } from '../../stores/catalogue.ts';
import { loadLists } from '../../stores/favourites.ts';
import { loadSession } from '../../stores/session.ts';
import { loadSite } from '../../stores/site.ts';
import { DetailScreen } from './DetailScreen.tsx';
import { parseStoneAddress, type DetailTab } from './stone-view.ts';
import { SpinView } from './SpinView.tsx';
import '../../styles/tabs.css';
import './detail.css';
import { routes } from '../../domain/routes.ts';

const readAddress = () => parseStoneAddress(window.location.pathname);

export function noControlsFlag(search: string): boolean {
  const v = new URLSearchParams(search).get('noControlsAndLogo');
  return v != null && v !== 'false' && v !== '0';
}

export default function StoneApp({ siteName }: { siteName: string }) {
  const [address, setAddress] = useState(readAddress);

  useEffect(() => {
    void loadSession();
    void loadSite();
    void loadLists();
    void loadAvailabilityConfig();
    const onPop = () => setAddress(readAddress());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const goTab = useCallback((id: number, tab: DetailTab) => {
    const path = routes.diamond(id, tab);
    if (window.location.pathname !== path) window.history.pushState(null, '', path);
    setAddress({ id, page: tab });
  }, []);

  if (!address) {
    return (
      <div className="container sd-empty">
        <p className="eyebrow">Diamond details</p>
        <h1>Stone not found</h1>
        <a className="btn" href={routes.catalogue}>
          Back to all
        </a>
      </div>
    );
  }
  if (address.page === null) {
    return <SpinView id={address.id} bare controls={!noControlsFlag(window.location.search)} siteName={siteName} />;
  }
  if (address.page === '360') return <SpinView id={address.id} siteName={siteName} />;
  return <DetailScreen id={address.id} tab={address.page} onTab={(t) => goTab(address.id, t)} />;
}
