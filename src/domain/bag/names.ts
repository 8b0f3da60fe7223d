/** How a bag line names its stone: '1.02ct Round D VS1' for a single, 'Round parcel 0.01-0.03ct G-H SI1' for a parcel. */
import { isParcel, type DiamondDoc } from '../diamond.ts';
import { caratText } from '../money.ts';

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
const grade = (r: DiamondDoc['Colour']) => (r ? (r.To && r.To !== r.From ? `${r.From}-${r.To}` : r.From) : '');

/** A parcel's size range in carats from its numeric ranks: '0.01-0.03', '0.003-0.005' (one value when equal). */
export function sizeRange(size: NonNullable<DiamondDoc['Size']>): string {
  const [a, b] = size.rank.map(caratText);
  return a === b ? `${a}` : `${a}-${b}`;
}

export function productName(
  d: Pick<DiamondDoc, 'StkCatType' | 'StkShape' | 'STWeight' | 'Colour' | 'Clarity' | 'Size'>,
): string {
  const colour = grade(d.Colour);
  const clarity = grade(d.Clarity);
  if (isParcel(d.StkCatType)) {
    const size = d.Size ? `${sizeRange(d.Size)}ct` : '';
    return [`${cap(d.StkShape)} parcel`, size, colour, clarity].filter(Boolean).join(' ');
  }
  return [`${d.STWeight.toFixed(2)}ct`, cap(d.StkShape), colour, clarity].filter(Boolean).join(' ');
}
