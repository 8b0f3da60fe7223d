/**
 * SQLite beside PostgreSQL, in one run: the catalogue's list call (autocannon, as
 * bench/diamonds-http.ts loads it) and the bag request round trip (bench/bag-request.ts),
 * each against the full app (`scripts/start.ts`) once on the SQLite file and once on a
 * PostgreSQL database seeded with the same stones. Prints both figures and PG/SQLite.
 *
 * The tables are bound to one engine when db/tables.ts loads, so every server here is a
 * child process with its settings in its environment: the PostgreSQL one gets DATABASE_URL
 * and seeds its empty database itself (the seed is deterministic: same stones, same answer).
 * PostgreSQL is a throwaway cluster from Debian's binaries (tests/support/pg-cluster.ts),
 * started here and deleted at the end.
 *
 * The list servers alternate rounds like the full/floor bench. The bag requests write, so each
 * engine gets a fresh server on a copy: of the SQLite file, and of the seeded PostgreSQL
 * database (CREATE DATABASE ... TEMPLATE).
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPgCluster, type PgCluster } from '../tests/support/pg-cluster.ts';
import { benchBagRequest, WARMUP, type BagRequestResult } from './bag-request.ts';
import {
  benchDiamondsHttp,
  compareAnswers,
  startServer,
  type LoadOptions,
  type Server,
  type Summary,
} from './diamonds-http.ts';

export type DbEnginesResult = {
  at: string;
  stones: number;
  load: LoadOptions;
  answerNote: string;
  list: { sqlite: Summary; postgres: Summary; ratio: number };
  bag: { sqlite: BagRequestResult; postgres: BagRequestResult; ratio: number };
};

type Options = {
  stones: number;
  /** the seeded SQLite file (bench/run.ts's cache; read by the list server, copied for the bag) */
  dbFile: string;
  /** the site built from it (bench/out/site-<stones>) */
  siteDir: string;
  /** bench/out: the PostgreSQL site folder and the results go there */
  outDir: string;
  load: LoadOptions;
  bagRuns: number;
  log: (line: string) => void;
};

/** api/services/site/build.ts's stamp file (the bench reads it, never writes it) */
const STAMP_FILE = '.build-stamp';

const common = { LOG_REQUESTS: 'false', DATABASE_URL: '', DATABASE_ENGINE: '' };

/**
 * The PostgreSQL server's site folder: its own (a build there never touches the SQLite one),
 * a copy of the SQLite site whenever their build stamps differ. The seed gives both databases
 * the same content and stock versions, so the copy's stamp matches and nothing is rebuilt.
 */
function pgSiteDir(opts: Options): string {
  const dir = join(opts.outDir, `site-${opts.stones}-pg`);
  const stamp = (d: string) => {
    const f = join(d, STAMP_FILE);
    return existsSync(f) ? readFileSync(f, 'utf8') : null;
  };
  const source = stamp(opts.siteDir);
  if (source != null && stamp(dir) !== source) {
    rmSync(dir, { recursive: true, force: true });
    cpSync(opts.siteDir, dir, { recursive: true });
  }
  return dir;
}

export async function benchDbEngines(opts: Options): Promise<DbEnginesResult> {
  const { log } = opts;
  let cluster: PgCluster | null = null;
  const servers: Server[] = [];
  const stopServers = async () => {
    await Promise.all(servers.splice(0).map((s) => s.stop()));
  };
  try {
    cluster = await startPgCluster({ log });
    await cluster.createDatabase('bench');

    log(`db: starting the full app on SQLite and on PostgreSQL (seeding ${opts.stones} stones there) ...`);
    const t0 = performance.now();
    servers.push(
      await startServer(
        'SQLite',
        'scripts/start.ts',
        { ...common, DATABASE_PATH: opts.dbFile, SITE_DIR: opts.siteDir },
        180_000,
      ),
    );
    const pgSite = pgSiteDir(opts); // after the SQLite server has built its site, if it had to
    servers.push(
      await startServer(
        'PG',
        'scripts/start.ts',
        { ...common, DATABASE_URL: cluster.url('bench'), SITE_DIR: pgSite, SEED_STONES: String(opts.stones) },
        600_000,
      ),
    );
    log(`db: both ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const check = await compareAnswers(servers[0]!, servers[1]!, opts.load.path);
    log(`db: answers compared: ${check.note}`);
    const [sqliteList, pgList] = (await benchDiamondsHttp(servers, opts.load, log)) as [Summary, Summary];
    await stopServers();

    // the bag requests write: a fresh server per engine, on a copy of the seeded data
    const sqliteBag = await benchBagRequest({
      dbFile: opts.dbFile,
      siteDir: opts.siteDir,
      runs: opts.bagRuns,
      env: { DATABASE_URL: '', DATABASE_ENGINE: '' },
      log,
    });
    await cluster.createDatabase('bag', 'bench');
    const pgBag = await benchBagRequest({
      siteDir: pgSite,
      runs: opts.bagRuns,
      env: { DATABASE_URL: cluster.url('bag') },
      log,
    });

    const result: DbEnginesResult = {
      at: new Date().toISOString(),
      stones: opts.stones,
      load: opts.load,
      answerNote: check.note,
      list: { sqlite: sqliteList, postgres: pgList, ratio: pgList.rps / sqliteList.rps },
      bag: { sqlite: sqliteBag, postgres: pgBag, ratio: pgBag.medianMs / sqliteBag.medianMs },
    };
    const json = JSON.stringify(result, null, 2);
    writeFileSync(join(opts.outDir, `db-engines-${result.at.replace(/[:.]/g, '-')}.json`), json);
    writeFileSync(join(opts.outDir, 'db-engines-latest.json'), json);
    return result;
  } finally {
    await stopServers();
    await cluster?.stop();
  }
}

export function printDbEngines(r: DbEnginesResult): void {
  const n = (x: number, digits = 0) =>
    x.toLocaleString('en-GB', { maximumFractionDigits: digits, minimumFractionDigits: digits });
  const { sqlite: sl, postgres: pl } = r.list;
  const { sqlite: sb, postgres: pb } = r.bag;
  console.log(
    `\nSQLite beside PostgreSQL (full app, same seeded stones; list answers compared: ${r.answerNote}; ` +
      `list: medians of ${r.load.rounds} x ${r.load.duration} s; bag: ${sb.runs} requests after ${WARMUP} warm-ups)`,
  );
  console.log(
    `  list call, ${n(r.stones)} stones, ${r.load.connections} conns: SQLite ${n(sl.rps)} req/s, ` +
      `PostgreSQL ${n(pl.rps)} req/s (ratio ${n(r.list.ratio, 2)}); ` +
      `p99 SQLite ${n(sl.p99, 1)} ms, PostgreSQL ${n(pl.p99, 1)} ms`,
  );
  console.log(
    `  bag request: SQLite median ${n(sb.medianMs, 1)} ms p90 ${n(sb.p90Ms, 1)} ms, ` +
      `PostgreSQL median ${n(pb.medianMs, 1)} ms p90 ${n(pb.p90Ms, 1)} ms (ratio ${n(r.bag.ratio, 2)})`,
  );
  console.log('  ratio = PostgreSQL / SQLite (req/s for the list, median ms for the bag request)');
}
