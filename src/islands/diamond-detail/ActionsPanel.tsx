/**
 * Price and actions of the details tab: the price (signed-in users; visitors get a sign-in
 * prompt), Add to or Remove Compare, Add to or Remove Favourite, Share, Price (signed-in: the
 * PRICE drawer's breakdown), and Add to Basket
 * (spec: disabled unless signed in, so visitors see it disabled with a sign-in hint; for
 * signed-in users stores/bag.ts adds the stone and opens the bag drawer on the new row).
 */
import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { isParcel, type DiamondDoc } from '../../domain/diamond.ts';
import { addToBag } from '../../stores/bag.ts';
import { HoldControl } from '../holds/HoldControl.tsx';
import { $compare, toggleCompare } from '../../stores/compare.ts';
import { openDialog } from '../../stores/dialog.ts';
import { $favourites, toggleFavourite } from '../../stores/favourites.ts';
import { openPriceDrawer } from '../../stores/price-drawer.ts';
import { SignInToBasket } from '../ui/SignInToBasket.tsx';
import { usePricing } from './stone-view.ts';

export function ActionsPanel({ doc, onShare }: { doc: DiamondDoc & { inStock?: boolean }; onShare: () => void }) {
  const pricing = usePricing();
  const [adding, setAdding] = useState(false);
  const favourite = useStore($favourites).includes(doc._id);
  const compared = useStore($compare).includes(doc._id);
  const price = pricing.price(doc);
  const signIn = () => openDialog('login', { returnTo: window.location.pathname });

  return (
    <div className="sd-actions">
      <div className="sd-price">
        {pricing.authorised ? (
          <>
            <span className="sd-price__label">{isParcel(doc.StkCatType) ? 'Price per carat' : 'Price'}</span>
            <span className="sd-price__value num" data-testid="stone-price">
              {price ?? '-'}
            </span>
            {doc.specialOffer && <span className="badge badge--accent">Special offer</span>}
          </>
        ) : (
          <>
            <span className="sd-price__label">Trade price</span>
            <button type="button" className="sd-price__signin" onClick={signIn}>
              Sign in or register to see prices
            </button>
          </>
        )}
      </div>

      <div className="sd-toggles">
        <button type="button" className="sd-toggle" aria-pressed={compared} onClick={() => void toggleCompare(doc._id)}>
          <CompareIcon /> {compared ? 'Remove Compare' : 'Add to Compare'}
        </button>
        <button
          type="button"
          className="sd-toggle"
          aria-pressed={favourite}
          onClick={() => void toggleFavourite(doc._id)}
        >
          <HeartIcon filled={favourite} /> {favourite ? 'Remove Favourite' : 'Add to Favourite'}
        </button>
        <button type="button" className="sd-toggle" onClick={onShare}>
          <ShareIcon /> Share
        </button>
        {pricing.authorised && (
          <button type="button" className="sd-toggle" aria-haspopup="dialog" onClick={() => openPriceDrawer(doc)}>
            <PriceIcon /> Price
          </button>
        )}
      </div>

      {pricing.authorised ? (
        <div className="sd-basket">
          <button
            type="button"
            className="btn"
            disabled={adding || doc.inStock === false}
            onClick={() => {
              setAdding(true);
              void addToBag(doc).finally(() => setAdding(false));
            }}
          >
            Add to Basket
          </button>
          {doc.inStock !== false && <HoldControl id={doc._id} catType={doc.StkCatType} stockCode={doc.StkCodeCalcNS} />}
        </div>
      ) : (
        <div className="sd-basket">
          <SignInToBasket />
        </div>
      )}
    </div>
  );
}

const HeartIcon = ({ filled }: { filled: boolean }) => (
  <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
    <path
      d="M8 13.5S2 9.7 2 5.8A3 3 0 0 1 8 4.6a3 3 0 0 1 6 1.2c0 3.9-6 7.7-6 7.7z"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.2"
    />
  </svg>
);
/** The 16 px line icon frame of the toggles. */
const LineIcon = ({ children }: { children: ReactNode }) => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 16 16"
    aria-hidden="true"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.2"
  >
    {children}
  </svg>
);
const CompareIcon = () => (
  <LineIcon>
    <path d="M2 5h9M8 2l3 3-3 3M14 11H5M8 8l-3 3 3 3" />
  </LineIcon>
);
const PriceIcon = () => (
  <LineIcon>
    <path d="M8.5 2H14v5.5L7.5 14 2 8.5z" />
    <circle cx="11" cy="5" r="1" />
  </LineIcon>
);
const ShareIcon = () => (
  <LineIcon>
    <circle cx="12" cy="3.5" r="1.8" />
    <circle cx="4" cy="8" r="1.8" />
    <circle cx="12" cy="12.5" r="1.8" />
    <path d="M5.6 7.1l4.8-2.7M5.6 8.9l4.8 2.7" />
  </LineIcon>
);
