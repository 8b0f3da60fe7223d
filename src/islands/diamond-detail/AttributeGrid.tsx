/** The attribute grid of the details tab; price per carat and availability for signed-in users. */
import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { formatRatio, lwRatio } from '../../domain/catalogue/pricing.ts';
import { isParcel, type DiamondDoc } from '../../domain/diamond.ts';
import { formatMeasurements, formatRange, formatSize, formatWeight, MISSING } from '../../domain/money.ts';
import { $availabilityLabels } from '../../stores/catalogue.ts';
import { shapeName, usePricing } from './stone-view.ts';

const pct = (n: number | null | undefined) => (n == null ? MISSING : `${n.toFixed(1)}%`);

export function AttributeGrid({ doc: d }: { doc: DiamondDoc }) {
  const pricing = usePricing();
  const labels = useStore($availabilityLabels);
  const parcel = isParcel(d.StkCatType);
  const rows: [string, ReactNode][] = [
    ['Stock code', d.StkCodeCalcNS],
    ['Shape', shapeName(d.StkShape)],
    parcel ? ['Size', formatSize(d.Size)] : ['Weight', formatWeight(d.STWeight)],
    ['Colour', formatRange(d.Colour)],
    ['Clarity', formatRange(d.Clarity)],
  ];
  if (!parcel) {
    rows.push(
      ['Cut', formatRange(d.Cut)],
      ['Polish', formatRange(d.Polish)],
      ['Symmetry', formatRange(d.Symmetry)],
      ['Fluorescence', formatRange(d.flourecence)],
      ['Measurements', formatMeasurements(d.StkMes1, d.StkMes2, d.StkMes3)],
      ['L/W ratio', formatRatio(lwRatio(d))],
      ['Depth', pct(d.StkDepth_Total)],
      ['Table', pct(d.StkTable)],
      ['Lab', d.StkCertSup || MISSING],
      ['Report no.', d.StkCertNo || MISSING],
    );
  } else {
    rows.push(['Sieve', d.Sieve || MISSING], ['Total weight', formatWeight(d.STWeight)]);
  }
  if (pricing.authorised) {
    rows.push(['Price per carat', pricing.perCarat(d) ?? MISSING]);
    rows.push(['Availability', d.StkWebAvailable ? labels[d.StkWebAvailable] : MISSING]);
  }
  return (
    <dl className="sd-attrs">
      {rows.map(([k, v]) => (
        <div key={k} className="sd-attrs__row">
          <dt>{k}</dt>
          <dd className="num">{v}</dd>
        </div>
      ))}
      {d.Comments && (
        <div className="sd-attrs__row sd-attrs__row--wide">
          <dt>Comments</dt>
          <dd>{d.Comments}</dd>
        </div>
      )}
    </dl>
  );
}
