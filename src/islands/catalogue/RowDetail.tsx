/**
 * The expanded row: a summary of the stone, View Details, Add to Basket (disabled for visitors;
 * the working button for signed-in users comes with `extras`, ./RowActions.tsx, with the
 * compare and favourite toggles), and links to the report, diagram, images and 360 views. The
 * 360 link shows 'Coming Soon' when the stone has no 360 asset.
 */
import type { ReactNode } from 'react';
import { formatRatio, lwRatio } from '../../domain/catalogue/index.ts';
import { isParcel, type ListDoc } from '../../domain/diamond.ts';
import {
  displayPrice,
  formatMeasurements,
  formatRange,
  formatSize,
  formatWeight,
  MISSING,
  pricePerCarat,
} from '../../domain/money.ts';
import { SignInToBasket } from '../ui/SignInToBasket.tsx';
import { Price, safeMoney, shapeName, type ColumnContext } from './columns.tsx';
import { routes } from '../../domain/routes.ts';

type Props = {
  doc: ListDoc & { has360?: boolean };
  ctx: ColumnContext;
  onComingSoon: () => void;
  extras?: ReactNode;
};

const pct = (n: number | null | undefined) => (n == null ? MISSING : `${n.toFixed(1)}%`);

export function RowDetail({ doc: d, ctx, onComingSoon, extras }: Props) {
  const parcel = isParcel(d.StkCatType);
  const facts: [string, ReactNode][] = [
    ['Stock code', d.StkCodeCalcNS],
    ['Shape', shapeName(d.StkShape)],
    [parcel ? 'Size' : 'Weight', parcel ? formatSize(d.Size) : formatWeight(d.STWeight)],
    ...(parcel ? ([['Total weight', formatWeight(d.STWeight)]] as [string, ReactNode][]) : []),
    ['Colour', formatRange(d.Colour)],
    ['Clarity', formatRange(d.Clarity)],
    ['Cut', formatRange(d.Cut)],
    ['Polish', formatRange(d.Polish)],
    ['Symmetry', formatRange(d.Symmetry)],
    ['Fluorescence', formatRange(d.flourecence)],
    ['Measurements', formatMeasurements(d.StkMes1, d.StkMes2, d.StkMes3)],
    ['L/W ratio', formatRatio(lwRatio(d))],
    ['Depth / Table', `${pct(d.StkDepth_Total)} / ${pct(d.StkTable)}`],
    ['Lab', [d.StkCertSup, d.StkCertNo].filter(Boolean).join(' ') || MISSING],
  ];
  if (ctx.authorised) {
    facts.push(['Price per carat', <Price key="ppc" money={safeMoney(() => pricePerCarat(d, ctx.ccy, ctx.rates))} />]);
    facts.push(['Availability', d.StkWebAvailable ? ctx.labels[d.StkWebAvailable] : MISSING]);
  }
  return (
    <div className="cat-detail" id={`cat-row-${d._id}`}>
      <div className="cat-detail__head">
        <p className="eyebrow">
          {parcel ? 'Parcel' : d.Source === 'Lab Grown' ? 'Lab-grown diamond' : 'Natural diamond'}
        </p>
        <h3 className="cat-detail__title">
          {parcel ? `${shapeName(d.StkShape)} parcel` : `${formatWeight(d.STWeight)} ${shapeName(d.StkShape)}`}
        </h3>
        <p className="cat-detail__price">
          {ctx.authorised ? (
            <Price money={safeMoney(() => displayPrice(d, ctx.ccy, ctx.rates))} />
          ) : (
            <span className="cat-locked">Sign in for prices</span>
          )}
        </p>
      </div>
      <dl className="cat-detail__facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <div className="cat-detail__actions">
        <a className="btn btn--small" href={routes.diamond(d._id)}>
          View Details
        </a>
        {!ctx.authorised && <SignInToBasket className="btn btn--ghost btn--small" />}
        {extras}
        <nav className="cat-detail__links" aria-label={`Views of ${d.StkCodeCalcNS}`}>
          {!parcel && <a href={routes.diamond(d._id, 'report')}>Report</a>}
          {!parcel && <a href={routes.diamond(d._id, 'diagram')}>Diagram</a>}
          <a href={routes.diamond(d._id)}>Images</a>
          {d.has360 ? (
            <a href={routes.diamond(d._id, '360')}>360°</a>
          ) : (
            <button type="button" onClick={onComingSoon}>
              360°
            </button>
          )}
        </nav>
      </div>
    </div>
  );
}
