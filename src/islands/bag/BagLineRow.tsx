/**
 * One row of the bag table: product image and name (both link to the details page), price per
 * carat, weight or item count, price (N/A for a parcel in items mode), the alternatives
 * checkbox and remove; under the name, what the live stream said of the stone (BagWarnings). On phones (xs-md) the header is dropped and price and quantity sit under
 * the name (bag.css).
 */
import { productName } from '../../domain/bag/names.ts';
import { formatPriceOrNA } from '../../domain/bag/pricing.ts';
import { removeFromBag, updateLine } from '../../stores/bag.ts';
import { QuantityInput } from './QuantityInput.tsx';
import { linePriceText, type PricedLine } from './use-bag.ts';
import { CrossIcon } from '../ui/CloseButton.tsx';
import { routes } from '../../domain/routes.ts';
import { HoldControl } from '../holds/HoldControl.tsx';
import { BagWarnings } from '../live/BagWarnings.tsx';
import type { FxRate } from '../../domain/money.ts';

type Props = {
  line: PricedLine;
  ccy: string;
  rates: readonly FxRate[];
  onAlternative: (id: number, on: boolean) => void;
};

export function BagLineRow({ line, ccy, rates, onAlternative }: Props) {
  const href = routes.diamond(line.diamondId);
  const code = line.stock.StkCodeCalcNS;
  return (
    <tr className={`bag-line${line.inStock ? '' : ' is-gone'}`} data-bag-line={line.diamondId}>
      <td className="bag-line__product">
        <a href={href} className="bag-line__img" tabIndex={-1} aria-hidden="true">
          <img src={line.stock.img} alt="" width="72" height="72" loading="lazy" />
        </a>
        <div>
          <a href={href} className="bag-line__name">
            {productName(line.stock)}
          </a>
          <p className="bag-line__code num">{code}</p>
          <BagWarnings line={line} ccy={ccy} rates={rates} />
          {line.inStock && <HoldControl id={line.diamondId} catType={line.stock.StkCatType} stockCode={code} />}
        </div>
      </td>
      <td className="bag-line__ppc num" data-label="Price per carat">
        {formatPriceOrNA(line.price.ppc, ccy)}
      </td>
      <td
        className="bag-line__qty"
        data-label={line.type === 'parcel' && line.selectedUnit === 'items' ? 'Items' : 'Weight'}
      >
        <QuantityInput line={line} />
      </td>
      <td className="bag-line__price num" data-label="Price" data-testid={`bag-price-${line.diamondId}`}>
        {linePriceText(line, ccy)}
      </td>
      <td className="bag-line__alt">
        <label className="bag-check">
          <input
            type="checkbox"
            checked={line.acceptsAlternatives}
            onChange={(e) => {
              updateLine(line.diamondId, { acceptsAlternatives: e.target.checked });
              onAlternative(line.diamondId, e.target.checked);
            }}
          />
          <span>Alternatives</span>
        </label>
      </td>
      <td className="bag-line__remove">
        <button
          type="button"
          className="bag-remove"
          aria-label={`Remove ${code}`}
          onClick={() => void removeFromBag(line.diamondId)}
        >
          <CrossIcon size={16} weight={1.5} />
        </button>
      </td>
    </tr>
  );
}
