/**
 * What one stone's column shows, on the compare board and on a shared compare: image, title,
 * price (signed-in traders), hold control and the compared rows. A row whose values differ
 * between the stones is tinted and says "(differs)" to screen readers; the best value carries
 * "Best". `handle` goes before the image (the sortable board's drag handle).
 */
import type { ReactNode } from 'react';
import { isParcel, type DiamondDoc } from '../../domain/diamond.ts';
import { formatWeight, MISSING } from '../../domain/money.ts';
import { routes } from '../../domain/routes.ts';
import { shapeName, usePricing } from '../diamond-detail/stone-view.ts';
import { HoldControl } from '../holds/HoldControl.tsx';
import type { RowMark } from './compare-rows.ts';

export const columnTitle = (d: DiamondDoc) =>
  isParcel(d.StkCatType) ? `${shapeName(d.StkShape)} parcel` : `${formatWeight(d.STWeight)} ${shapeName(d.StkShape)}`;

type Props = { doc: DiamondDoc & { inStock?: boolean }; position: number; rows: RowMark[]; handle?: ReactNode };

export function ColumnContent({ doc: d, position, rows, handle }: Props) {
  const pricing = usePricing();
  const price = pricing.price(d);
  return (
    <>
      <div className="cmp-col__head">
        {handle}
        <a className="cmp-col__img" href={routes.diamond(d._id)} tabIndex={-1} aria-hidden="true">
          <img src={d.img} alt="" />
        </a>
        <a className="cmp-col__title" href={routes.diamond(d._id)}>
          {columnTitle(d)}
        </a>
        <p className="cmp-col__price num">
          {pricing.authorised ? (price ?? MISSING) : <span className="list-muted">Sign in for price</span>}
        </p>
        {d.inStock !== false && <HoldControl id={d._id} catType={d.StkCatType} stockCode={d.StkCodeCalcNS} />}
      </div>
      <dl className="cmp-col__rows">
        {rows.map((r) => {
          const best = r.best.has(position - 1);
          return (
            <div key={r.label} className={r.differs ? 'cmp-col__row is-diff' : 'cmp-col__row'}>
              <dt>
                {r.label}
                {r.differs && (
                  <span className="cmp-diff-mark" aria-hidden="true">
                    ≠
                  </span>
                )}
              </dt>
              <dd className="num">
                {r.values[position - 1]}
                {r.differs && <span className="sr-only"> (differs)</span>}
                {best && <span className="cmp-best">Best</span>}
              </dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}
