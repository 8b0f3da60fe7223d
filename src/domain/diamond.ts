/**
 * The diamond as the API sends it (`GET /api/v1/diamonds` docs), in the catalogue spec's
 * field names. Range fields carry From/To labels and their numeric ranks
 * (`rank: [fromRank, toRank]`, see grades.ts); for Size the ranks are carats.
 * Money is in major units (USD for price/ExWebTotal/WebSpecial, GBP for ppc).
 * For visitors the server leaves out price, ppc, ExWebTotal, RAP, priceOrig and
 * StkWebAvailable; WebSpecial is kept only for special offers (and is 0 otherwise).
 */
import { SINGLE_SHAPES } from './grades.ts';

/** A stone is a single, or a parcel: a lot of several stones sold together (by weight or by items). */
export const CAT_TYPES = ['Single Item', 'Multiple Items'] as const;
export type CatType = (typeof CAT_TYPES)[number];
export const SINGLE = 'Single Item' satisfies CatType;
export const PARCEL = 'Multiple Items' satisfies CatType;
/** True for a parcel ('Multiple Items'): the one test of the kind, for the browser and the server. */
export const isParcel = (catType: string | null | undefined): boolean => catType === PARCEL;
export type Range = { From: string; To: string; rank: [number, number] };
export type Availability = 1 | 2 | 3;
/** The labels of availability codes 1, 2, 3 when the shop has set none (a blank label means its default). */
export const DEFAULT_AVAILABILITY_LABELS: Record<Availability, string> = {
  1: 'Immediately',
  2: '3-5 days',
  3: 'On Demand',
};

export type DiamondDoc = {
  _id: number;
  StkCodeCalcNS: string;
  StkShape: string;
  StkCatType: CatType;
  StkCatName: string;
  Source: string;
  StkDesc: string;
  STWeight: number;
  Size: Range | null;
  Sieve: string;
  Colour: Range | null;
  Clarity: Range | null;
  Cut: Range | null;
  Polish: Range | null;
  Symmetry: Range | null;
  flourecence: Range | null;
  StkCertSup: string;
  StkCertNo: string;
  WebSpecial: number;
  specialOffer: boolean;
  price?: number | null;
  priceOrig?: number | null;
  ppc?: number | null;
  ExWebTotal?: number | null;
  RAP?: number | null;
  StkWebAvailable?: Availability;
  StkDepth_Total: number | null;
  StkTable: number | null;
  StkCulet: number | null;
  StkDepth_Crown: number | null;
  StkDepth_Girdle: number | null;
  StkDepth_Pavilion: number | null;
  StkMes1: number | null;
  StkMes2: number | null;
  StkMes3: number | null;
  Stk_Mes_Concat: string;
  Comments: string;
  createdAt: string;
  img: string;
  imgSide: string;
};

/** The trade figures of a DiamondDoc: never in a view a client or a visitor of a shared page reads. */
export const PRICE_FIELDS = [
  'price',
  'priceOrig',
  'ppc',
  'ExWebTotal',
  'RAP',
  'WebSpecial',
  'StkWebAvailable',
] as const;

/**
 * A stone with no price of any kind (no special-offer price either): what pages shown outside
 * the trade read (a client page, a shared compare). The stock code stays; a view that hides it
 * leaves it out itself.
 */
export type PriceFreeDoc = Omit<DiamondDoc, (typeof PRICE_FIELDS)[number] | 'specialOffer'>;

/**
 * A stone as the catalogue list holds it (the full set's wire form): the fields every list view
 * needs, the rest optional (detail-only fields are not sent; a view reads a missing one as '-').
 */
export type ListDoc = Partial<DiamondDoc> &
  Pick<DiamondDoc, '_id' | 'StkCodeCalcNS' | 'StkShape' | 'StkCatType' | 'STWeight'> & { has360?: true };

/** min/max of weight and measurements, per category, for the filter sliders. */
export type RangeBounds = [number, number];
export type CategoryRanges = {
  STWeight: RangeBounds;
  StkMes1: RangeBounds;
  StkMes2: RangeBounds;
  StkMes3: RangeBounds;
};
export type DiamondRanges = Record<CatType, CategoryRanges>;

export type DiamondList = {
  docs: DiamondDoc[];
  totalDocs: number;
  page: number;
  limit: number;
  totalPages: number;
  ranges: DiamondRanges;
  marksColour: { value: number; label: string }[];
  marksClarity: { value: number; label: string }[];
};

/**
 * Shapes that have their own artwork: every single shape but 'other', and the kite (listed
 * under 'other' but drawn as itself); any other shape is drawn as round.
 */
export const SHAPES_WITH_IMAGES: readonly string[] = [...SINGLE_SHAPES.filter((s) => s !== 'other'), 'kite'];

/** The artwork's file name by shape: lowercased, round where none exists, `_parcel` for Multiple Items. */
function shapeArt(shape: string, catType: CatType, view: 'front' | 'side'): string {
  const key = shape.trim().toLowerCase();
  const base = (SHAPES_WITH_IMAGES as readonly string[]).includes(key) ? key : 'round';
  return base + (isParcel(catType) ? '_parcel' : view === 'side' ? '_side' : '');
}

/** Image path by shape: the drawing (SVG), for any size. */
export function shapeImage(shape: string, catType: CatType, view: 'front' | 'side' = 'front'): string {
  return `/images/shapes/${shapeArt(shape, catType, view)}.svg`;
}

/** A shape's icon is this many pixels square: over three times the largest it is shown at (34 px, the shape filter). */
export const SHAPE_ICON_PX = 108;

/**
 * A shape's small icon (the list's rows, the shape filter): the face drawing as a bitmap
 * (images/shapes/icons/, written with the artwork). A page of rows paints bitmaps without
 * making a document of each drawing on the page's main thread, as an SVG image needs.
 */
export function shapeIcon(shape: string, catType: CatType): string {
  return `/images/shapes/icons/${shapeArt(shape, catType, 'front')}.png`;
}
