/**
 * Column headers of a stock file -> the Diamond entity's field names. Matching ignores case,
 * spaces and punctuation ("Stock No." = "stockno"), and knows the common synonyms of trade
 * feeds. A range field (Colour, Clarity, Cut, Polish, Symmetry, flourecence) takes "G" or "G-H"
 * in one column, or two columns "Colour From" / "Colour To".
 *
 * "depth" alone is the total depth percentage (StkDepth_Total); the depth in millimetres is
 * StkMes3 ("StkMes3", "height", "depth mm") or the third part of Stk_Mes_Concat.
 */
export const FIELDS = [
  'StkCodeCalcNS',
  'StkShape',
  'STWeight',
  'Colour',
  'Clarity',
  'Cut',
  'Polish',
  'Symmetry',
  'flourecence',
  'StkCertSup',
  'StkCertNo',
  'price',
  'ppc',
  'ExWebTotal',
  'WebSpecial',
  'RAP',
  'StkDepth_Total',
  'StkTable',
  'StkCulet',
  'StkDepth_Crown',
  'StkDepth_Girdle',
  'StkDepth_Pavilion',
  'StkMes1',
  'StkMes2',
  'StkMes3',
  'Stk_Mes_Concat',
  'StkWebAvailable',
  'StkCatType',
  'Source',
  'StkCatName',
  'StkDesc',
  'Sieve',
  'Comments',
  'SizeFrom',
  'SizeTo',
] as const;
export type Field = (typeof FIELDS)[number];

export const RANGE_FIELDS = ['Colour', 'Clarity', 'Cut', 'Polish', 'Symmetry', 'flourecence'] as const;
export type RangeField = (typeof RANGE_FIELDS)[number];

/** A column's target: a field, or one end of a range field. */
export type Target = { field: Field; end?: 'from' | 'to' };

const SYNONYMS: Record<Field, string[]> = {
  StkCodeCalcNS: [
    'stkcodecalcns',
    'stockcode',
    'stockno',
    'stocknumber',
    'stockref',
    'stock',
    'ref',
    'reference',
    'refno',
    'sku',
    'stkcode',
    'lotno',
    'itemcode',
  ],
  StkShape: ['stkshape', 'shape', 'cutshape'],
  STWeight: ['stweight', 'weight', 'carat', 'carats', 'cts', 'ct', 'caratweight', 'wt'],
  Colour: ['colour', 'color', 'col', 'colourgrade', 'colorgrade'],
  Clarity: ['clarity', 'clar', 'claritygrade', 'purity'],
  Cut: ['cut', 'cutgrade'],
  Polish: ['polish', 'pol'],
  Symmetry: ['symmetry', 'sym', 'symm'],
  flourecence: [
    'flourecence',
    'fluorescence',
    'fluorescense',
    'flourescence',
    'fluor',
    'fluo',
    'flour',
    'fluorescenceintensity',
  ],
  StkCertSup: ['stkcertsup', 'lab', 'certlab', 'gradinglab', 'certificatelab', 'cert', 'certificate'],
  StkCertNo: [
    'stkcertno',
    'certno',
    'certnumber',
    'certificateno',
    'certificatenumber',
    'report',
    'reportno',
    'reportnumber',
  ],
  price: ['price', 'totalprice', 'pricetotal', 'priceusd', 'usdprice', 'amount'],
  ppc: ['ppc', 'pricepercarat', 'percarat', 'pricect', 'pricepct'],
  ExWebTotal: ['exwebtotal', 'webtotal'],
  WebSpecial: ['webspecial', 'special', 'specialprice', 'offerprice', 'specialoffer'],
  RAP: ['rap', 'discount', 'rapdiscount', 'rapdisc', 'disc', 'rappct'],
  StkDepth_Total: ['stkdepthtotal', 'depth', 'depthtotal', 'totaldepth', 'depthpct', 'depthpercent'],
  StkTable: ['stktable', 'table', 'tablepct', 'tablepercent'],
  StkCulet: ['stkculet', 'culet'],
  StkDepth_Crown: ['stkdepthcrown', 'crown', 'crownheight', 'depthcrown'],
  StkDepth_Girdle: ['stkdepthgirdle', 'girdle', 'depthgirdle'],
  StkDepth_Pavilion: ['stkdepthpavilion', 'pavilion', 'paviliondepth', 'depthpavilion'],
  StkMes1: ['stkmes1', 'mes1', 'length', 'len', 'lengthmm'],
  StkMes2: ['stkmes2', 'mes2', 'width', 'wid', 'widthmm'],
  StkMes3: ['stkmes3', 'mes3', 'height', 'depthmm', 'heightmm'],
  Stk_Mes_Concat: ['stkmesconcat', 'measurements', 'measurement', 'mes', 'dimensions', 'measure'],
  StkWebAvailable: ['stkwebavailable', 'availability', 'available', 'webavailable', 'avail'],
  StkCatType: ['stkcattype', 'type', 'cattype', 'itemtype', 'stocktype'],
  Source: ['source', 'origin', 'growth', 'natural/lab', 'naturallab'],
  StkCatName: ['stkcatname', 'catname', 'category', 'categoryname'],
  StkDesc: ['stkdesc', 'description', 'desc'],
  Sieve: ['sieve', 'sievesize', 'mm'],
  Comments: ['comments', 'comment', 'notes', 'remarks', 'remark'],
  SizeFrom: ['sizefrom', 'sizemin', 'minsize'],
  SizeTo: ['sizeto', 'sizemax', 'maxsize'],
};

export const normaliseHeader = (h: string): string => h.toLowerCase().replace(/[^a-z0-9]+/g, '');

const LOOKUP = new Map<string, Target>();
for (const field of FIELDS) for (const s of SYNONYMS[field]) LOOKUP.set(normaliseHeader(s), { field });
for (const field of RANGE_FIELDS) {
  for (const s of SYNONYMS[field]) {
    for (const end of ['from', 'to'] as const) {
      const key = normaliseHeader(s) + end;
      if (!LOOKUP.has(key)) LOOKUP.set(key, { field, end });
    }
  }
}

export const targetOf = (header: string): Target | null => LOOKUP.get(normaliseHeader(header)) ?? null;

export type HeaderMap = {
  /** column index -> target, for the columns that mean something */
  columns: Map<number, Target>;
  /** the fields the file provides (a range counts once) */
  fields: Set<Field>;
  /** headers that matched nothing, or a field already taken by an earlier column */
  ignored: string[];
};

export function mapHeaders(headers: string[]): HeaderMap {
  const columns = new Map<number, Target>();
  const fields = new Set<Field>();
  const taken = new Set<string>();
  const ignored: string[] = [];
  headers.forEach((h, i) => {
    const t = targetOf(h);
    const key = t ? `${t.field}:${t.end ?? ''}` : '';
    const clash =
      t != null &&
      (taken.has(key) ||
        (t.end ? taken.has(`${t.field}:`) : taken.has(`${t.field}:from`) || taken.has(`${t.field}:to`)));
    if (!t || clash) {
      if (h.trim() !== '') ignored.push(h);
      return;
    }
    taken.add(key);
    columns.set(i, t);
    fields.add(t.field);
  });
  return { columns, fields, ignored };
}
