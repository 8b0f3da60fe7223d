/** One row of the bag drawer: stock code, thumbnail, the item's details, its price and REMOVE. */
import { formatQuantity } from '../../domain/bag/lines.ts';
import { productName } from '../../domain/bag/names.ts';
import { removeFromBag } from '../../stores/bag.ts';
import { linePriceText, type PricedLine } from './use-bag.ts';

type Props = { line: PricedLine; ccy: string; focused: boolean };

export function BagDrawerRow({ line, ccy, focused }: Props) {
  const href = `/diamonds/${line.diamondId}/details`;
  const unit =
    line.type === 'parcel'
      ? `${formatQuantity(line.selectedUnit, line.quantity)}${line.selectedUnit === 'items' ? ' items' : ''}`
      : null;
  return (
    <li className={`bag-row${focused ? ' is-focused' : ''}`} data-bag-row={line.diamondId} tabIndex={-1}>
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
          {!line.inStock && <span className="bag-flag">No longer available</span>}
        </p>
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
