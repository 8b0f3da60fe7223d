/**
 * The bag as the views show it: lines with their prices in the chosen currency (the shared
 * pricing code; the server's display prices until the rates are loaded), the total over the
 * in-stock lines (null = N/A) and the signed-in state.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { priceLine, totalOf, type LinePrice } from '../../domain/bag/view.ts';
import { $bag, type BagLineView } from '../../stores/bag.ts';
import { $session, loadSession } from '../../stores/session.ts';
import { $site, loadSite } from '../../stores/site.ts';

export type PricedLine = BagLineView & { price: LinePrice };

export function useBag() {
  const bag = useStore($bag);
  const site = useStore($site);
  const session = useStore($session);
  useEffect(() => {
    void loadSite();
    void loadSession();
  }, []);
  const rates = site.data?.fxrates ?? [];
  const ccy = rates.length ? (site.data?.ccy ?? 'GBP') : (bag.lines[0]?.ccy ?? 'GBP');
  return useMemo(() => {
    const lines: PricedLine[] = bag.lines.map((l) => ({
      ...l,
      price: rates.length ? priceLine(l, ccy, rates) : { ppc: l.ppc, itemPrice: l.itemPrice },
    }));
    const live = lines.filter((l) => l.inStock);
    const total = rates.length
      ? totalOf(live, ccy, rates)
      : live.some((l) => l.price.itemPrice == null)
        ? null
        : Math.round(live.reduce((s, l) => s + (l.price.itemPrice ?? 0), 0) * 100) / 100;
    return {
      status: bag.status,
      sessionReady: session.status === 'ready',
      signedIn: session.user != null,
      lines,
      total,
      ccy,
      rates,
    };
  }, [bag, session.status, session.user, ccy, rates]);
}
