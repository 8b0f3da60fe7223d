/**
 * One row of the bag drawer: stock code, thumbnail, the item's details, its price, its hold state
 * and hold control (single stones), what the live stream said of the stone (BagWarnings) and
 * REMOVE.
 * The row of the stone just added is highlighted and takes the keyboard focus: it does so itself when it mounts, since the drawer's content mounts a moment after
 * the drawer opens.
 */
import { useEffect, useRef } from 'react';
import { lineQuantity } from '../../domain/bag/lines.ts';
import { productName } from '../../domain/bag/names.ts';
import { removeFromBag } from '../../stores/bag.ts';
import { linePriceText, type PricedLine } from './use-bag.ts';
import { routes } from '../../domain/routes.ts';
import { HoldControl } from '../holds/HoldControl.tsx';
import { BagWarnings } from '../live/BagWarnings.tsx';
import type { FxRate } from '../../domain/money.ts';

type Props = { line: PricedLine; ccy: string; rates: readonly FxRate[]; focused: boolean };

export function BagDrawerRow({ line, ccy, rates, focused }: Props) {
  const href = routes.diamond(line.diamondId);
  const row = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!focused) return;
    row.current?.scrollIntoView({ block: 'nearest' });
    row.current?.focus({ preventScroll: true });
  }, [focused]);
  const unit = lineQuantity(line);
  return (
    <li
      ref={row}
      className={`bag-row${focused ? ' is-focused' : ''}`}
      data-bag-row={line.diamondId}
      tabIndex={-1}
      aria-label={focused ? `Added: ${productName(line.stock)}` : undefined}
    >
      <a className="bag-row__thumb" href={href} tabIndex={-1} aria-hidden="true">
        <img src={line.stock.img} alt="" width="64" height="64" loading="lazy" />
      </a>
      <div className="bag-row__body">
        <p className="bag-row__code num">{line.stock.StkCodeCalcNS}</p>
        <a className="bag-row__name" href={href}>
          {productName(line.stock)}
        </a>
        <p className="bag-row__meta">
          {unit && <span className="num">{unit}</span>}
          <span className="num">{linePriceText(line, ccy)}</span>
          {line.error && <span className="bag-flag">{line.error}</span>}
        </p>
        <BagWarnings line={line} ccy={ccy} rates={rates} />
        {line.inStock && (
          <HoldControl id={line.diamondId} catType={line.stock.StkCatType} stockCode={line.stock.StkCodeCalcNS} />
        )}
      </div>
      <button
        type="button"
        className="bag-row__remove"
        onClick={() => void removeFromBag(line.diamondId)}
        aria-label={`Remove ${line.stock.StkCodeCalcNS}`}
      >
        Remove
      </button>
    </li>
  );
}
