/**
 * One favourite: image and title to its details, its shape's listing, its hold state and hold
 * control (signed-in traders), compare and remove.
 */
import { useStore } from '@nanostores/react';
import { isParcel } from '../../domain/diamond.ts';
import { formatRange, formatWeight } from '../../domain/money.ts';
import { $compare, toggleCompare } from '../../stores/compare.ts';
import { toggleFavourite } from '../../stores/favourites.ts';
import { openPriceDrawer } from '../../stores/price-drawer.ts';
import { kindLabel, shapeName, usePricing } from '../diamond-detail/stone-view.ts';
import type { Entry } from './useListDocs.ts';
import { routes } from '../../domain/routes.ts';
import { HoldControl } from '../holds/HoldControl.tsx';

export function FavouriteRow({ entry }: { entry: Entry }) {
  const compared = useStore($compare).includes(entry.id);
  const pricing = usePricing();
  const d = entry.doc;
  const remove = (
    <button type="button" className="fav-btn" onClick={() => void toggleFavourite(entry.id)}>
      Remove
    </button>
  );

  if (!d || !d.inStock) {
    return (
      <li className="fav-row fav-row--gone">
        <span className="fav-row__img" aria-hidden="true">
          {d && <img src={d.img} alt="" />}
        </span>
        <div className="fav-row__main">
          <p className="fav-row__title">
            {d ? `${formatWeight(d.STWeight)} ${shapeName(d.StkShape)}` : `Stone ${entry.id}`}
          </p>
          <p className="fav-row__gone">{entry.known || d ? 'Item no longer available' : 'Loading…'}</p>
        </div>
        <div className="fav-row__actions">{remove}</div>
      </li>
    );
  }

  const title = `${formatWeight(d.STWeight)} ${shapeName(d.StkShape)}`;
  const price = pricing.price(d);
  return (
    <li className="fav-row">
      <a className="fav-row__img" href={routes.diamond(d._id)} aria-label={`${title} details`}>
        <img src={d.img} alt="" />
      </a>
      <div className="fav-row__main">
        <p className="fav-row__kind">
          {kindLabel(d)} · <span className="num">{d.StkCodeCalcNS}</span>
        </p>
        <a className="fav-row__title" href={routes.diamond(d._id)}>
          {title}
        </a>
        <p className="fav-row__facts num">
          {[formatRange(d.Colour), formatRange(d.Clarity), formatRange(d.Cut), d.StkCertSup]
            .filter((x) => x && x !== '-')
            .join(' · ')}
        </p>
        <a className="fav-row__shape link" href={routes.shape(d.StkShape, isParcel(d.StkCatType))}>
          More {shapeName(d.StkShape)} stones
        </a>
        <HoldControl id={d._id} catType={d.StkCatType} stockCode={d.StkCodeCalcNS} />
      </div>
      <p className="fav-row__price num">
        {pricing.authorised ? (price ?? '-') : <span className="list-muted">Sign in for price</span>}
      </p>
      <div className="fav-row__actions">
        <button type="button" className="fav-btn" aria-pressed={compared} onClick={() => void toggleCompare(d._id)}>
          {compared ? 'In compare' : 'Compare'}
        </button>
        {pricing.authorised && (
          <button
            type="button"
            className="fav-btn"
            aria-haspopup="dialog"
            aria-label={`Price of ${d.StkCodeCalcNS}`}
            onClick={() => openPriceDrawer(d)}
          >
            Price
          </button>
        )}
        {remove}
      </div>
    </li>
  );
}
