/**
 * One stone of the home strip or carousel: image, subtitle (spec rule), price in the chosen
 * currency (cents small; visitors see only special offers' prices), Add to Basket (for
 * visitors disabled, with a Sign in that returns here) and View Details.
 */
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { tilePrice, tileSubtitle, type TileStone } from '../../domain/home/tile.ts';
import { isSpecialOffer } from '../../domain/catalogue/pricing.ts';
import { addToBag } from '../../stores/bag.ts';
import { $site } from '../../stores/site.ts';
import { SignInToBasket } from '../ui/SignInToBasket.tsx';
import { isParcel } from '../../domain/diamond.ts';
import { routes } from '../../domain/routes.ts';

/** `special` marks a build-time special offer whose price is not known yet. */
export type TileDoc = TileStone & {
  _id: number;
  StkShape: string;
  img: string;
  Source?: string;
  StkCertSup?: string;
  special?: boolean;
};

type Props = { stone: TileDoc; signedIn: boolean; compact?: boolean; headingLevel?: 'h3' | 'h4' };

const titleCase = (s: string) => s.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

export function StoneTile({ stone, signedIn, compact = false, headingLevel: H = 'h3' }: Props) {
  const site = useIslandStore($site, AT_BUILD.site).data;
  const price = site ? tilePrice(stone, site.ccy, site.fxrates) : null;
  const special = stone.special ?? isSpecialOffer(stone);
  const href = routes.diamond(stone._id);
  const kind = isParcel(stone.StkCatType) ? 'Parcel' : stone.Source === 'Lab Grown' ? 'Lab grown' : 'Natural';
  return (
    <article className={`stone${compact ? ' stone--compact' : ''}`}>
      <a className="stone__media" href={href} tabIndex={-1} aria-hidden="true" draggable={false}>
        <img src={stone.img} alt="" width={220} height={220} loading="lazy" decoding="async" draggable={false} />
        <span className={`badge ${special ? 'badge--accent' : 'badge--ink'} stone__badge`}>
          {special ? 'Special offer' : 'New arrival'}
        </span>
      </a>
      <div className="stone__body">
        <p className="stone__kind">
          {kind}
          {stone.StkCertSup ? <span> · {stone.StkCertSup}</span> : null}
        </p>
        <H className="stone__title">
          <a href={href} draggable={false}>
            {titleCase(stone.StkShape)}
          </a>
        </H>
        <p className="stone__subtitle num">{tileSubtitle(stone)}</p>
        <p className="stone__price num" data-price>
          {price ? (
            <>
              <span className="sr-only">Price </span>
              {price.parts.sign}
              {price.parts.symbol}
              {price.parts.whole}
              <small>.{price.parts.cents}</small>
            </>
          ) : (
            <span className="stone__price-note">{signedIn ? 'Price on request' : 'Price on sign-in'}</span>
          )}
        </p>
        <div className="stone__foot">
          {signedIn ? (
            <button type="button" className="btn btn--small" onClick={() => void addToBag({ _id: stone._id })}>
              Add to Basket
            </button>
          ) : (
            <SignInToBasket className="btn btn--small" returnTo="/#special-offers" />
          )}
          <a className="link" href={href} draggable={false}>
            View Details{' '}
            <span className="arrow" aria-hidden="true">
              →
            </span>
          </a>
        </div>
      </div>
    </article>
  );
}
