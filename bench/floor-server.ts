/**
 * The floor for the diamonds benchmark: the least a server can do to answer a visitor's
 * `GET /api/v1/diamonds?page&limit` from the same SQLite file. Bare `node:http` and
 * `better-sqlite3`, prepared statements, no framework, no middleware, no validation beyond
 * page/limit. It answers with the same JSON the real API sends a visitor (no prices), so
 * the two can be compared byte for byte.
 *
 * Per request: one page of in-stock stones by created_at, and the in-stock count. The
 * slider ranges are read once at start-up (the real API caches them too).
 *
 *   PORT=4400 DATABASE_PATH=bench/out/bench-3600.db node bench/floor-server.ts
 */
import { createServer, type ServerResponse } from 'node:http';
import Database from 'better-sqlite3';
import { marksClarity, marksColour } from '../src/domain/grades.ts';
import { shapeImage, type CatType, type DiamondDoc, type DiamondList, type Range } from '../src/domain/diamond.ts';

type Row = Record<string, string | number | null>;

const port = Number(process.env.PORT ?? 4400);
const host = process.env.HOST ?? '127.0.0.1';
const file = process.env.DATABASE_PATH ?? './data/facet.db';

const db = new Database(file, { fileMustExist: true });
db.pragma('busy_timeout = 5000');

const pageStmt = db.prepare(
  'select * from diamonds where in_stock = 1 order by created_at asc, id asc limit ? offset ?',
);
const countStmt = db.prepare('select count(*) as n from diamonds where in_stock = 1').pluck();
const rangesStmt = db.prepare(`
  select min(weight) w0, max(weight) w1, min(mes1) l0, max(mes1) l1,
         min(mes2) b0, max(mes2) b1, min(mes3) d0, max(mes3) d1
  from diamonds where in_stock = 1 and cat_type = ?`);

function categoryRanges(catType: CatType) {
  const r = rangesStmt.get(catType) as Record<string, number | null>;
  const pair = (a: number | null | undefined, b: number | null | undefined): [number, number] => [a ?? 0, b ?? 0];
  return {
    STWeight: pair(r.w0, r.w1),
    StkMes1: pair(r.l0, r.l1),
    StkMes2: pair(r.b0, r.b1),
    StkMes3: pair(r.d0, r.d1),
  };
}
const ranges = { 'Single Item': categoryRanges('Single Item'), 'Multiple Items': categoryRanges('Multiple Items') };

const num = (v: string | number | null | undefined): number | null => (v == null ? null : Number(v));
const str = (v: string | number | null | undefined): string => (v == null ? '' : String(v));

function range(r: Row, name: string): Range | null {
  const from = r[`${name}_from`];
  const fromRank = r[`${name}_from_rank`];
  if (from == null || fromRank == null) return null;
  const toRank = r[`${name}_to_rank`] ?? fromRank;
  return { From: String(from), To: String(r[`${name}_to`] ?? from), rank: [Number(fromRank), Number(toRank)] };
}

function sizeRange(from: number | null, to: number | null): Range | null {
  if (from == null) return null;
  const upper = to ?? from;
  return { From: from.toFixed(2), To: upper.toFixed(2), rank: [from, upper] };
}

const mm = (n: number | null) => (n == null ? '' : n.toFixed(2));

function toDoc(r: Row): DiamondDoc {
  const special = Number(r.web_special_cents) > 0;
  const catType = r.cat_type as CatType;
  const shape = str(r.shape);
  const [mes1, mes2, mes3] = [num(r.mes1), num(r.mes2), num(r.mes3)];
  return {
    _id: Number(r.id),
    StkCodeCalcNS: str(r.stock_code),
    StkShape: shape,
    StkCatType: catType,
    StkCatName: str(r.cat_name),
    Source: str(r.source),
    StkDesc: str(r.description),
    STWeight: Number(r.weight),
    Size: sizeRange(num(r.size_from), num(r.size_to)),
    Sieve: str(r.sieve),
    Colour: range(r, 'colour'),
    Clarity: range(r, 'clarity'),
    Cut: range(r, 'cut'),
    Polish: range(r, 'polish'),
    Symmetry: range(r, 'symmetry'),
    flourecence: range(r, 'fluorescence'),
    StkCertSup: str(r.cert_lab),
    StkCertNo: str(r.cert_number),
    WebSpecial: special ? Number(r.web_special_cents) / 100 : 0,
    specialOffer: special,
    StkDepth_Total: num(r.depth_total),
    StkTable: num(r.table_pct),
    StkCulet: num(r.culet),
    StkDepth_Crown: num(r.depth_crown),
    StkDepth_Girdle: num(r.depth_girdle),
    StkDepth_Pavilion: num(r.depth_pavilion),
    StkMes1: mes1,
    StkMes2: mes2,
    StkMes3: mes3,
    Stk_Mes_Concat: mes1 == null ? '' : [mes1, mes2, mes3].map(mm).join(' x '),
    Comments: str(r.comments),
    createdAt: new Date(Number(r.created_at)).toISOString(),
    img: shapeImage(shape, catType),
    imgSide: shapeImage(shape, catType, 'side'),
  };
}

function positive(value: string | null, fallback: number, max: number): number | null {
  if (value == null) return fallback;
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= 1 && n <= max ? n : null;
}

function send(res: ServerResponse, status: number, body: unknown) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://floor');
  if (req.method === 'GET' && url.pathname === '/api/v1/health') return send(res, 200, { ok: true });
  if (req.method !== 'GET' || url.pathname !== '/api/v1/diamonds')
    return send(res, 404, { errors: { msg: 'not_found' } });
  const page = positive(url.searchParams.get('page'), 1, 1_000_000);
  const limit = positive(url.searchParams.get('limit'), 25, 1000);
  if (page == null || limit == null) return send(res, 400, { errors: { msg: 'bad page or limit' } });
  const rows = pageStmt.all(limit, (page - 1) * limit) as Row[];
  const totalDocs = countStmt.get() as number;
  const body: DiamondList = {
    docs: rows.map(toDoc),
    totalDocs,
    page,
    limit,
    totalPages: Math.max(1, Math.ceil(totalDocs / limit)),
    ranges,
    marksColour,
    marksClarity,
  };
  return send(res, 200, body);
});

server.keepAliveTimeout = 65_000;
server.listen(port, host, () => console.log(`floor server at http://${host}:${port} (${file})`));

const stop = () => {
  server.close(() => {
    db.close();
    process.exit(0);
  });
  server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
