/**
 * The bag as the views show it: lines with their prices in the chosen currency (the shared
 * pricing code; the server's display prices until the rates are loaded), the total over the
 * in-stock lines (null = N/A) and the signed-in state.
 *
 * A line whose quantity is not allowed (above the parcel's weight, '1e2', negative, more than
 * 2 decimals) carries its `error` and is not priced: its price and the bag's total show '-'
 * until it is corrected, and `invalid` counts such lines (SEND REQUEST stays disabled).
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { useEffect, useMemo } from 'react';
import { priceLine, totalOf, type LinePrice } from '../../domain/bag/view.ts';
import { formatPriceOrNA } from '../../domain/bag/pricing.ts';
import { MISSING } from '../../domain/money.ts';
import { $bag, lineError, type BagLineView } from '../../stores/bag.ts';
import { $session, loadSession } from '../../stores/session.ts';
import { $site, loadSite } from '../../stores/site.ts';

export type PricedLine = BagLineView & { price: LinePrice; error: string | null };

/** A line's price for display: '-' while its quantity is invalid, 'N/A' when it has none. */
export const linePriceText = (l: PricedLine, ccy: string): string =>
  l.error ? MISSING : formatPriceOrNA(l.price.itemPrice, ccy);

/** The bag's total for display: '-' while any line is invalid, 'N/A' when it has none. */
export const totalText = (bag: { invalid: number; total: number | null; ccy: string }): string =>
  bag.invalid > 0 ? MISSING : formatPriceOrNA(bag.total, bag.ccy);

export function useBag() {
  const bag = useIslandStore($bag, AT_BUILD.bag);
  const site = useIslandStore($site, AT_BUILD.site);
  const session = useIslandStore($session, AT_BUILD.session);
  useEffect(() => {
    void loadSite();
    void loadSession();
  }, []);
  const rates = useMemo(() => site.data?.fxrates ?? [], [site.data]);
  const ccy = rates.length ? (site.data?.ccy ?? 'GBP') : (bag.lines[0]?.ccy ?? 'GBP');
  return useMemo(() => {
    const lines: PricedLine[] = bag.lines.map((l) => {
      const error = l.inStock ? lineError(l) : null;
      const price = rates.length ? priceLine(l, ccy, rates) : { ppc: l.ppc, itemPrice: l.itemPrice };
      return { ...l, price: error ? { ...price, itemPrice: null } : price, error };
    });
    const live = lines.filter((l) => l.inStock);
    const invalid = live.filter((l) => l.error != null).length;
    const total =
      invalid > 0
        ? null
        : rates.length
          ? totalOf(live, ccy, rates)
          : live.some((l) => l.price.itemPrice == null)
            ? null
            : Math.round(live.reduce((s, l) => s + (l.price.itemPrice ?? 0), 0) * 100) / 100;
    return {
      status: bag.status,
      sessionReady: session.status === 'ready',
      signedIn: session.user != null,
      lines,
      live: live.length,
      invalid,
      total,
      ccy,
      rates,
    };
  }, [bag, session.status, session.user, ccy, rates]);
}
