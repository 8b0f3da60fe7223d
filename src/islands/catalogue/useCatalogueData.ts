/**
 * What the list island reads from the shared stores: the session (signed in, dialog
 * preferences), the site (currency, rates), the loaded stock index and the availability
 * labels. Loads each once; reloads the stock when the audience changes (signing in or out)
 * and re-prices it when the currency changes.
 */
import { useEffect, useMemo } from 'react';
import { useStore } from '@nanostores/react';
import type { DialogSettings, PriceContext } from '../../domain/catalogue/index.ts';
import type { FxRate } from '../../domain/money.ts';
import {
  $availabilityLabels,
  $catalogue,
  loadAvailabilityConfig,
  loadCatalogue,
  repriceCatalogue,
} from '../../stores/catalogue.ts';
import { $isAuthorised, $session, loadSession } from '../../stores/session.ts';
import { $site, loadSite } from '../../stores/site.ts';

const NO_SETTINGS: DialogSettings = {};
const NO_RATES: readonly FxRate[] = [];

export function useCatalogueData() {
  const session = useStore($session);
  const signedIn = useStore($isAuthorised);
  const site = useStore($site);
  const cat = useStore($catalogue);
  const labels = useStore($availabilityLabels);

  useEffect(() => {
    void loadSite();
    void loadSession();
    void loadAvailabilityConfig();
  }, []);

  const ccy = site.data?.ccy ?? 'GBP';
  const rates = site.data?.fxrates;
  const pricing: PriceContext = useMemo(() => (signedIn && rates ? { ccy, rates } : null), [signedIn, ccy, rates]);

  useEffect(() => {
    if (session.status === 'ready') void loadCatalogue(signedIn, pricing);
  }, [session.status, signedIn, pricing]);
  useEffect(() => repriceCatalogue(pricing), [pricing, cat.index]);

  const dialogSettings = session.user?.dialogSettings ?? NO_SETTINGS;
  /** prices show once the signed-in payload is the one loaded */
  const authorised = signedIn && cat.audience === 'trade';
  return { session, site, cat, labels, ccy, rates: rates ?? NO_RATES, authorised, signedIn, dialogSettings };
}
