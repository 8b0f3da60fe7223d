/**
 * Stock-list downloads: which stones each download type takes, its title and its file name.
 *
 * - current: the filtered list on screen; selected: the ticked rows ('Only Ticked Items');
 *   certified-rounds / certified-fancies / certified-all: singles with a certificate number,
 *   round / not round / both; parcels: every parcel.
 * - Titles: Current List (the filtered list), Selected Stock (the ticked rows), Certified
 *   Rounds, Certified Fancies, Certified Stock, Parcel List.
 * - File name: '{brand} {title} (Downloaded - MMM Do YYYY)' plus .pdf or .xlsx.
 */
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat.js';
import { isParcel, type ListDoc } from '../diamond.ts';

dayjs.extend(advancedFormat);

export const DOWNLOAD_TYPES = [
  'current',
  'selected',
  'certified-rounds',
  'certified-fancies',
  'certified-all',
  'parcels',
] as const;
export type DownloadType = (typeof DOWNLOAD_TYPES)[number];
export const DOWNLOAD_FORMATS = ['pdf', 'excel'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** The radio labels of the download drawer. */
export const DOWNLOAD_TYPE_LABELS: Record<DownloadType, string> = {
  current: 'Current List',
  selected: 'Only Ticked Items',
  'certified-rounds': 'Certified Rounds',
  'certified-fancies': 'Certified Fancies',
  'certified-all': 'All Certified Stock',
  parcels: 'Parcel List',
};
export const DOWNLOAD_FORMAT_LABELS: Record<DownloadFormat, string> = { pdf: 'PDF', excel: 'Excel' };

export const DOWNLOAD_TITLES: Record<DownloadType, string> = {
  current: 'Current List',
  selected: 'Selected Stock',
  'certified-rounds': 'Certified Rounds',
  'certified-fancies': 'Certified Fancies',
  'certified-all': 'Certified Stock',
  parcels: 'Parcel List',
};

export const FILE_EXTENSIONS: Record<DownloadFormat, string> = { pdf: 'pdf', excel: 'xlsx' };

/** '{brand} {title} (Downloaded - Nov 22nd 2026)' */
export function downloadBaseName(brand: string, type: DownloadType, date: Date | string | number): string {
  return `${brand} ${DOWNLOAD_TITLES[type]} (Downloaded - ${dayjs(date).format('MMM Do YYYY')})`;
}

export const downloadFileName = (
  brand: string,
  type: DownloadType,
  format: DownloadFormat,
  date: Date | string | number,
) => `${downloadBaseName(brand, type, date)}.${FILE_EXTENSIONS[format]}`;

type Stone = Pick<ListDoc, '_id' | 'StkCatType' | 'StkShape'> & Partial<Pick<ListDoc, 'StkCertNo'>>;

const certified = (d: Stone) => !isParcel(d.StkCatType) && (d.StkCertNo ?? '').trim() !== '';
const isRound = (d: Stone) => d.StkShape.trim().toLowerCase() === 'round';

export type DownloadSource<D extends Stone> = {
  /** the filtered list on screen */
  current: readonly D[];
  /** every stone loaded (for the certified and parcel lists); defaults to current */
  all?: readonly D[];
  /** ids of the ticked rows */
  ticked?: ReadonlySet<number> | readonly number[];
};

/** The stones a download type takes, in the order given. */
export function selectDocs<D extends Stone>(type: DownloadType, src: DownloadSource<D>): D[] {
  const all = src.all ?? src.current;
  switch (type) {
    case 'current':
      return [...src.current];
    case 'selected': {
      const ticked = new Set(src.ticked ?? []);
      const fromAll = all.filter((d) => ticked.has(d._id));
      return fromAll;
    }
    case 'certified-rounds':
      return all.filter((d) => certified(d) && isRound(d));
    case 'certified-fancies':
      return all.filter((d) => certified(d) && !isRound(d));
    case 'certified-all':
      return all.filter(certified);
    case 'parcels':
      return all.filter((d) => isParcel(d.StkCatType));
  }
}
