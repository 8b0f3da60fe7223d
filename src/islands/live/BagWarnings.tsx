/**
 * A bag line's warnings, in words and before the buyer presses Send: its stone went on hold
 * for someone else, was reserved, left the stock or changed price (src/domain/live/bag.ts).
 * It sits in a polite live region (role=status), so a change while the bag is open is read out.
 */
import { useStore } from '@nanostores/react';
import { bagLineWarnings } from '../../domain/live/bag.ts';
import { priceLine } from '../../domain/bag/view.ts';
import { formatPriceOrNA } from '../../domain/bag/pricing.ts';
import type { FxRate } from '../../domain/money.ts';
import { $holds, holdOf } from '../../stores/holds.ts';
import type { PricedLine } from '../bag/use-bag.ts';
import { useLiveStock } from './useLive.ts';
import './live.css';

type Props = { line: PricedLine; ccy: string; rates: readonly FxRate[] };

export function BagWarnings({ line, ccy, rates }: Props) {
  const { priceWas } = useLiveStock();
  const holds = useStore($holds);
  const was = priceWas.get(line.diamondId);
  const price =
    was && rates.length
      ? {
          was: formatPriceOrNA(priceLine({ ...line, stock: was }, ccy, rates).itemPrice, ccy),
          now: formatPriceOrNA(line.price.itemPrice, ccy),
        }
      : null;
  const warnings = bagLineWarnings(line, holdOf(holds, line.diamondId).kind, price);
  return (
    <div role="status" data-bag-warnings={line.diamondId}>
      {warnings.length > 0 && (
        <ul className="live-warnings">
          {warnings.map((w) => (
            <li key={w} className="live-warning">
              {w}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
