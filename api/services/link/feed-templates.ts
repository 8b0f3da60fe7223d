/**
 * The feed's CSV templates. FROZEN once published: importers are configured against these
 * header rows, so a column is never renamed, moved or removed (tests/api/link-feed.test.ts
 * pins every header row); a new column may only be added in a new template. The deliberate
 * changes so far are in the changelog of the Link docs: the IDEX names as IDEX reads them
 * (`Cut Grade`, `Video URL`, `Measurements Height`), then the lab-grown file's own IDEX names
 * and no `Lab Grown` column in either IDEX file.
 *
 * rapnet and idex are priced in USD (both platforms read dollars) and hold one origin a file
 * (`origin=natural|lab_grown`, required): both keep natural and lab-grown stones apart.
 *
 * - house:  every API Link field, snake_case, stones and parcels (grades as _from/_to).
 * - rapnet: the columns RapNet's Instant Inventory / stock upload reads (single stones only:
 *           RapNet lists single diamonds; parcels are left out). Price is per carat.
 * - idex:   the columns of IDEX's Onsite full inventory feeds (single stones only), a subset of
 *           IDEX's own header rows in IDEX's order: natural stones as the natural feed
 *           (`format_20220525_basis`: `Supplier Stock Ref.`, `Certificate Path`, `Image Path`),
 *           lab-grown stones as the lab-grown feed (`format_lg_20221130`: `Supplier Stock Ref`,
 *           `Certificate URL`, `Image URL`). IDEX keeps the two in separate files and has no
 *           origin column. Checked against the header lists of a public IDEX feed reader
 *           (github.com/kvzivn/diamond-finder, app/services/idex.service.server.ts).
 *
 * Cells are safe against spreadsheet formula injection: a text cell starting with = + - @,
 * a tab or a carriage return gets a leading apostrophe.
 */
import type { LinkParcel, LinkSingle, LinkStone } from '../../link/schemas.ts';

type Cell = string | number | null | undefined;
type Column = readonly [header: string, cell: (s: LinkStone) => Cell];
export type CsvTemplate = {
  singlesOnly: boolean;
  columns: readonly Column[];
  /** headers the lab-grown file names otherwise (the platform's lab-grown format) */
  labGrownHeaders?: Readonly<Record<string, string>>;
};
type Origin = LinkStone['origin'];

const grade = (
  s: LinkStone,
  g: 'colour' | 'clarity' | 'cut' | 'polish' | 'symmetry' | 'fluorescence',
  end: 'from' | 'to',
) => (s.category === 'stone' ? s[g] : s[`${g}_${end}` as const]);
const single = (s: LinkStone) => s as LinkSingle;
const parcel = (s: LinkStone) => (s.category === 'parcel' ? (s as LinkParcel) : null);
/** Money as a number with two decimals (a number cell: importers read it, no formula guard). */
const money = (n: number) => Math.round(n * 100) / 100;
const perCarat = (s: LinkStone): number | null => {
  if (!s.price) return null;
  if (s.price.unit === 'carat') return Number(s.price.amount);
  return s.carat > 0 ? money(Number(s.price.amount) / s.carat) : null;
};
const total = (s: LinkStone): number | null => {
  if (!s.price) return null;
  return s.price.unit === 'stone' ? Number(s.price.amount) : money(Number(s.price.amount) * s.carat);
};
const mm = (n: number | null | undefined) => (n == null ? '' : n.toFixed(2));
const RAPNET_AVAILABILITY = { available_now: 'G', available_later: 'M', on_demand: 'STPS' } as const;

const GRADES = ['colour', 'clarity', 'cut', 'polish', 'symmetry', 'fluorescence'] as const;

export const CSV_TEMPLATES = {
  house: {
    singlesOnly: false,
    columns: [
      ['stock_code', (s) => s.stock_code],
      ['category', (s) => s.category],
      ['origin', (s) => s.origin],
      ['shape', (s) => s.shape],
      ['carat', (s) => s.carat],
      ...GRADES.flatMap((g): Column[] => [
        [`${g}_from`, (s) => grade(s, g, 'from')],
        [`${g}_to`, (s) => grade(s, g, 'to')],
      ]),
      ['size_from', (s) => parcel(s)?.size_from],
      ['size_to', (s) => parcel(s)?.size_to],
      ['lab', (s) => s.lab],
      ['certificate_number', (s) => s.certificate_number],
      ['certificate_url', (s) => s.certificate_url],
      ['length_mm', (s) => s.measurements?.length_mm],
      ['width_mm', (s) => s.measurements?.width_mm],
      ['depth_mm', (s) => s.measurements?.depth_mm],
      ['depth_pct', (s) => s.depth_pct],
      ['table_pct', (s) => s.table_pct],
      ['price', (s) => s.price?.amount],
      ['currency', (s) => s.price?.currency],
      ['price_unit', (s) => s.price?.unit],
      ['rap_pct', (s) => s.rap_pct],
      ['availability', (s) => s.availability],
      ['image_url', (s) => s.media.images[0]],
      ['video_url', (s) => s.media.videos[0]],
      ['spin_360_url_template', (s) => s.media.spin_360?.frame_url_template],
      ['spin_360_frames', (s) => s.media.spin_360?.frame_count],
      ['updated_at', (s) => s.updated_at],
    ],
  },
  rapnet: {
    singlesOnly: true,
    columns: [
      ['Stock #', (s) => s.stock_code],
      ['Availability', (s) => RAPNET_AVAILABILITY[s.availability]],
      ['Shape', (s) => s.shape],
      ['Weight', (s) => s.carat],
      ['Color', (s) => single(s).colour],
      ['Clarity', (s) => single(s).clarity],
      ['Cut Grade', (s) => single(s).cut],
      ['Polish', (s) => single(s).polish],
      ['Symmetry', (s) => single(s).symmetry],
      ['Fluorescence Intensity', (s) => single(s).fluorescence],
      [
        'Measurements',
        (s) =>
          s.measurements
            ? `${mm(s.measurements.length_mm)}x${mm(s.measurements.width_mm)}x${mm(s.measurements.depth_mm)}`
            : '',
      ],
      ['Lab', (s) => s.lab],
      ['Certificate #', (s) => s.certificate_number],
      ['Price/Carat', perCarat],
      ['Rapnet Discount %', (s) => (s.rap_pct == null ? null : money(-s.rap_pct))],
      ['Depth %', (s) => s.depth_pct],
      ['Table %', (s) => s.table_pct],
      ['Crown Height', (s) => s.crown_pct],
      ['Pavilion Depth', (s) => s.pavilion_pct],
      ['Diamond Image', (s) => s.media.images[0]],
      ['Video Link', (s) => s.media.videos[0]],
      ['Certificate Filename', (s) => s.certificate_url],
      ['Lab Grown', (s) => (s.origin === 'lab_grown' ? 'Y' : 'N')],
    ],
  },
  idex: {
    singlesOnly: true,
    columns: [
      ['Supplier Stock Ref.', (s) => s.stock_code],
      ['Cut', (s) => s.shape],
      ['Carat', (s) => s.carat],
      ['Color', (s) => single(s).colour],
      ['Clarity', (s) => single(s).clarity],
      ['Cut Grade', (s) => single(s).cut],
      ['Grading Lab', (s) => s.lab],
      ['Certificate Number', (s) => s.certificate_number],
      ['Certificate Path', (s) => s.certificate_url],
      ['Image Path', (s) => s.media.images[0]],
      ['Video URL', (s) => s.media.videos[0]],
      ['Price Per Carat', perCarat],
      ['Total Price', total],
      ['Polish', (s) => single(s).polish],
      ['Symmetry', (s) => single(s).symmetry],
      ['Measurements Length', (s) => s.measurements?.length_mm],
      ['Measurements Width', (s) => s.measurements?.width_mm],
      ['Measurements Height', (s) => s.measurements?.depth_mm],
      ['Depth', (s) => s.depth_pct],
      ['Table', (s) => s.table_pct],
      ['Crown Height', (s) => s.crown_pct],
      ['Pavilion Depth', (s) => s.pavilion_pct],
      ['Fluorescence Intensity', (s) => single(s).fluorescence],
    ],
    labGrownHeaders: {
      'Supplier Stock Ref.': 'Supplier Stock Ref',
      'Certificate Path': 'Certificate URL',
      'Image Path': 'Image URL',
    },
  },
} as const satisfies Record<string, CsvTemplate>;

export type TemplateName = keyof typeof CSV_TEMPLATES;

/** One CSV cell: neutralised against formula injection, then quoted when needed (RFC 4180). */
export function csvCell(value: Cell): string {
  if (value == null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The header row of `name` for a file of `origin` (both origins: the natural names). */
export function csvHeaders(name: TemplateName, origin?: Origin): string[] {
  const t: CsvTemplate = CSV_TEMPLATES[name];
  const renamed = origin === 'lab_grown' ? (t.labGrownHeaders ?? {}) : {};
  return t.columns.map(([h]) => renamed[h] ?? h);
}

/** The whole CSV (header row, one row per stone, CRLF line ends); `origin`: the file's origin. */
export function toCsv(name: TemplateName, stones: readonly LinkStone[], origin?: Origin): string {
  const t: CsvTemplate = CSV_TEMPLATES[name];
  const rows = [csvHeaders(name, origin).map(csvCell).join(',')];
  for (const s of stones) {
    if (t.singlesOnly && s.category !== 'stone') continue;
    rows.push(t.columns.map(([, cell]) => csvCell(cell(s))).join(','));
  }
  return `${rows.join('\r\n')}\r\n`;
}
