/**
 * `npm run bench -- --only alerts`: saved-search alerts at scale, on SQLite beside PostgreSQL
 * (a throwaway cluster), each engine in its own child process (db/tables.ts binds one engine
 * per process). 10,000 saved searches (varied filters, tabs and currencies, instant, price
 * drop thresholds of 5 to 20 %) against a stock import (the real import service) of 1,000
 * changed stones: 500 new, 500 with their price cut by 3 to 30 %.
 *
 * Printed: the alert computation (read the change window and the changed stones once,
 * compile and match every search in memory, as alert-pass.ts `computeAlerts` does), median
 * of RUNS (later runs reuse the compiled searches, as the worker's later passes do) and the
 * first run apart;
 * and one whole pass that also stores the e-mails and moves every high-water mark.
 * Figures only, no pass/fail.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onBothEngines } from './engine-children.ts';

const SEARCHES = 10_000;
const NEW_STONES = 500;
const PRICE_CUTS = 500;
const RUNS = 5;
type Figures = {
  engine: string;
  computeMs: number;
  coldMs: number;
  windowMs: number;
  passMs: number;
  searchesTold: number;
  events: number;
  emails: number;
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const SHAPES = ['round', 'oval', 'pear', 'emerald', 'cushion', 'princess', 'marquise', 'radiant', 'heart', 'asscher'];
const COLOURS = ['D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'];
const CLARITIES = ['IF', 'VVS1', 'VVS2', 'VS1', 'VS2', 'SI1', 'SI2'];
const CCYS = ['GBP', 'USD', 'EUR', 'JPY', 'NZD'];

/** A deterministic mix of list addresses a trader might save. */
function viewOf(i: number): string {
  const pick = <T>(xs: readonly T[], k: number) => xs[(i * 7 + k * 13) % xs.length]!;
  const p = new URLSearchParams();
  if (i % 10 === 9) p.set('tab', '2');
  else {
    p.set('shape', [pick(SHAPES, 1), ...(i % 4 === 0 ? [pick(SHAPES, 2)] : [])].join(','));
    const lo = (i % 8) * 0.25;
    p.set('wt', `${lo}-${lo + 0.5 + (i % 3) * 0.5}`);
    const col = COLOURS.indexOf(pick(COLOURS, 3));
    if (i % 5 !== 0) p.set('col', `${COLOURS[col]}-${COLOURS[Math.min(col + 3, 7)]}`);
    if (i % 3 === 1) p.set('cla', `${pick(CLARITIES, 4)}-SI2`);
    if (i % 7 === 0) p.set('price', `1000-${5000 + (i % 9) * 5000}`);
  }
  const q = p.toString();
  return `${i % 6 === 5 ? '/diamonds/all/lab-grown' : '/diamonds/all'}${q ? `?${q}` : ''}`;
}

async function child(): Promise<void> {
  const { migrateDb, openDb } = await import('../db/client.ts');
  const { seedDatabase } = await import('../db/seed/index.ts');
  const { loadConfig } = await import('../api/config.ts');
  const { createMailer } = await import('../api/services/platform/mailer.ts');
  const { latestSeq } = await import('../api/services/link/change-log.ts');
  const { importStockFile } = await import('../api/services/stock-import/index.ts');
  const { runAlertPass, searchesToDo } = await import('../api/services/saved-searches/alert-pass.ts');
  const { loadWindow } = await import('../api/services/saved-searches/alert-window.ts');
  const { alertEvents } = await import('../api/services/saved-searches/alert-matches.ts');
  const { diamonds, savedSearches, users } = await import('../db/tables.ts');
  const { and, asc, eq, gt, isNotNull } = await import('drizzle-orm');
  const location = process.env.DATABASE_URL || join(process.env.BENCH_DIR!, 'alerts.db');
  const db = await openDb(location);
  await migrateDb(db);
  await seedDatabase(db, { stones: 4000, production: false });
  const config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', DATABASE_URL: process.env.DATABASE_URL ?? '' });
  const mailer = createMailer(db, { smtpUrl: '', from: config.MAIL_FROM, log: () => {} });
  const now = Date.now();
  const deps = { db, mailer, clock: { now: () => now }, config };
  const [trader] = await db.select().from(users).where(eq(users.email, 'trader@facet.trade'));
  const seq = await latestSeq(db);
  for (let i = 0; i < SEARCHES; i += 500) {
    await db.insert(savedSearches).values(
      Array.from({ length: Math.min(500, SEARCHES - i) }, (_, k) => ({
        userId: trader!.id,
        name: `Search ${i + k}`,
        view: viewOf(i + k),
        columns: { measurements: false, availability: false },
        currency: CCYS[(i + k) % CCYS.length]!,
        alert: 'instant' as const,
        priceDropPct: 5 + ((i + k) % 16),
        seenSeq: seq,
      })),
    );
  }
  const cut = await db
    .select()
    .from(diamonds)
    .where(
      and(
        eq(diamonds.inStock, true),
        eq(diamonds.catType, 'Single Item'),
        isNotNull(diamonds.priceCents),
        gt(diamonds.priceCents, 0),
      ),
    )
    .orderBy(asc(diamonds.id))
    .limit(PRICE_CUTS);
  const grade = (a: string | null, b: string | null) => (a && b && a !== b ? `${a}-${b}` : (a ?? ''));
  const rows = [
    ...Array.from({ length: NEW_STONES }, (_, k) => {
      const shape = ['Round', 'Oval', 'Pear', 'Emerald', 'Cushion'][k % 5];
      return `BENCH-NEW-${k},${shape},${(0.3 + (k % 40) * 0.1).toFixed(2)},${COLOURS[k % 8]},${CLARITIES[k % 7]},${1500 + k * 37},Single Item,${k % 6 === 0 ? 'Lab Grown' : ''}`;
    }),
    ...cut.map((s, k) =>
      [
        s.stockCode,
        s.shape,
        s.weight,
        grade(s.colourFrom, s.colourTo),
        grade(s.clarityFrom, s.clarityTo),
        ((s.priceCents! * (0.97 - (k % 10) * 0.03)) / 100).toFixed(2),
        s.catType,
        s.source,
      ].join(','),
    ),
  ];
  const file = ['StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price,StkCatType,Source', ...rows].join('\n');
  await importStockFile(db, 'bench.csv', new TextEncoder().encode(file), {
    mode: 'apply',
    full: false,
    adminId: null,
    now,
  });
  const todo = await searchesToDo(db, now);
  const times: number[] = [];
  const windowTimes: number[] = [];
  let told = 0;
  let events = 0;
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    const window = await loadWindow(db, Math.min(...todo.map((s) => s.seenSeq)), 50_000);
    const t1 = performance.now();
    const out = alertEvents(window, todo);
    times.push(performance.now() - t0);
    windowTimes.push(t1 - t0);
    told = out.size;
    events = [...out.values()].reduce((n, e) => n + e.length, 0);
  }
  const t0 = performance.now();
  const pass = await runAlertPass(deps, 'bench');
  const passMs = performance.now() - t0;
  await db.close();
  const figures: Figures = {
    engine: db.engine,
    computeMs: median(times),
    coldMs: times[0]!,
    windowMs: median(windowTimes),
    passMs,
    searchesTold: told,
    events,
    emails: pass.emails,
  };
  process.stdout.write(`FIGURES ${JSON.stringify(figures)}\n`);
}

export async function benchAlerts(): Promise<Figures[]> {
  const self = fileURLToPath(import.meta.url);
  const rows = await onBothEngines<Figures>(self, 'alerts');
  return rows;
}

export function printAlerts(rows: Figures[]): void {
  const f = (n: number) => `${n.toFixed(0)} ms`;
  console.log(
    `\nSaved-search alerts: ${SEARCHES.toLocaleString('en')} searches, an import of ${(NEW_STONES + PRICE_CUTS).toLocaleString('en')} changed stones (load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')})`,
  );
  console.log(
    `engine      compute (median of ${RUNS})   first (cold)   of which reading   whole pass   searches told   events   e-mails`,
  );
  for (const r of rows)
    console.log(
      `${r.engine.padEnd(12)}${f(r.computeMs).padStart(20)}   ${f(r.coldMs).padStart(12)}   ${f(r.windowMs).padStart(16)}   ${f(r.passMs).padStart(10)}   ${String(r.searchesTold).padStart(13)}   ${String(r.events).padStart(6)}   ${String(r.emails).padStart(7)}`,
    );
}

if (process.argv.includes('--child')) await child();
