/**
 * What the list island reads from the shared stores: the session (signed in, dialog
 * preferences), the site (currency, rates), the loaded stock index and the availability
 * labels. Loads each once, and the server's first page of the address at once (before the
 * session is known: the server reads the cookie); reloads the stock when the audience
 * changes (signing in or out) and re-prices it when the currency changes.
 */
import { useEffect, useMemo } from 'react';
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import type { DialogSettings, PriceContext } from '../../domain/catalogue/index.ts';
import type { FxRate } from '../../domain/money.ts';
import {
  $availabilityLabels,
  $catalogue,
  loadAvailabilityConfig,
  loadCatalogue,
  loadFirstPage,
  repriceCatalogue,
} from '../../stores/catalogue.ts';
import { $isAuthorised, $session, loadSession } from '../../stores/session.ts';
import { $site, loadSite } from '../../stores/site.ts';

const NO_SETTINGS: DialogSettings = {};
const NO_RATES: readonly FxRate[] = [];

export function useCatalogueData() {
  const session = useIslandStore($session, AT_BUILD.session);
  const signedIn = useIslandStore($isAuthorised, AT_BUILD.isAuthorised);
  const site = useIslandStore($site, AT_BUILD.site);
  const cat = useIslandStore($catalogue, AT_BUILD.catalogue);
  const labels = useIslandStore($availabilityLabels, AT_BUILD.availabilityLabels);

  useEffect(() => {
    void loadSite();
    void loadSession();
    void loadAvailabilityConfig();
    void loadFirstPage(window.location, window.innerWidth);
  }, []);

  const ccy = site.data?.ccy ?? 'GBP';
  const rates = site.data?.fxrates;
  // the prices the trade set is shown in (the store never prices a visitor's set)
  const pricing: PriceContext = useMemo(() => (rates ? { ccy, rates } : null), [ccy, rates]);
  const siteSettled = site.status === 'ready' || site.status === 'error';

  // the set is asked for as soon as the audience is known: from the session, or before it
  // from the server's first page (it read the cookie; a kept copy's audience is only a guess).
  // The trade set waits for the site's rates (asked for at once), so the worker prices it
  // instead of the page re-pricing every stone when they arrive.
  // A trader's set is theirs: their account names the browser's copy of it
  const told = cat.first && !cat.first.kept ? cat.first : null;
  const trade = session.status === 'ready' ? signedIn : told ? told.audience === 'trade' : null;
  const account = trade ? (session.status === 'ready' ? (session.user?._id ?? null) : (told?.account ?? null)) : null;
  useEffect(() => {
    if (trade != null && (!trade || siteSettled))
      void loadCatalogue({ audience: trade ? 'trade' : 'visitor', account }, pricing);
  }, [trade, account, siteSettled, pricing]);
  useEffect(() => repriceCatalogue(pricing), [pricing, cat.index]);

  const dialogSettings = session.user?.dialogSettings ?? NO_SETTINGS;
  /**
   * prices show once the signed-in set (or first page) is the one shown; before the session
   * is known the server's answer, which read the cookie, decides
   */
  const audience = cat.index ? cat.audience : (cat.first?.audience ?? null);
  const authorised = audience === 'trade' && (session.status !== 'ready' || signedIn);
  return { session, site, cat, labels, ccy, rates: rates ?? NO_RATES, authorised, signedIn, dialogSettings };
}
