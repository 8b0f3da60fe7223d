/**
 * `npm run bench -- --holds`: holds on SQLite beside PostgreSQL (a throwaway cluster), each
 * engine in its own child process (db/tables.ts binds one engine per process):
 * - the hold round trip (POST /api/v1/holds, in-process app) against a bag request round trip
 *   (POST /profile/bag then POST /profile/bagRequest), median of ROUNDS;
 * - the expiry sweep of 10,000 holds (ending them and writing their change-log rows).
 * Prints a table; figures only, no pass/fail.
 */
import { silentMailer } from '../api/services/platform/mailer.ts';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onBothEngines } from './engine-children.ts';

const ROUNDS = 30;
const SWEEP_HOLDS = 10_000;
type Figures = { engine: string; holdMs: number; bagRequestMs: number; sweepMs: number };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function child(): Promise<void> {
  const { migrateDb, openDb } = await import('../db/client.ts');
  const { seedDatabase } = await import('../db/seed/index.ts');
  const { loadConfig } = await import('../api/config.ts');
  const { createApp } = await import('../api/app.ts');
  const { expireHolds } = await import('../api/services/trade/hold-sweep.ts');
  const { diamonds, holds, users } = await import('../db/tables.ts');
  const { eq, and } = await import('drizzle-orm');
  const location = process.env.DATABASE_URL || join(process.env.BENCH_DIR!, 'holds.db');
  const db = await openDb(location);
  await migrateDb(db);
  await seedDatabase(db, { stones: SWEEP_HOLDS + 2 * ROUNDS + 100, production: false });
  const config = loadConfig({ NODE_ENV: 'test', LOG_REQUESTS: 'false', DATABASE_URL: process.env.DATABASE_URL ?? '' });
  const mailer = silentMailer; // e-mails cost nothing here: the bench measures the holds
  let now = Date.now();
  const app = createApp({ db, mailer, clock: { now: () => now }, config });
  const login = await app.request('/api/v1/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'trader@facet.trade', password: 'Trader#2026' }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const send = (path: string, method = 'GET', body?: unknown) =>
    app.request(`/api/v1${path}`, {
      method,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  await db.update(users).set({ maxHolds: 100 }).where(eq(users.email, 'trader@facet.trade'));
  const singles = await db
    .select({ id: diamonds.id })
    .from(diamonds)
    .where(and(eq(diamonds.inStock, true), eq(diamonds.catType, 'Single Item'), eq(diamonds.webSpecialCents, 0)))
    .limit(2 * ROUNDS + 10);
  const hold: number[] = [];
  const bag: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    let t0 = performance.now();
    const h = await send('/holds', 'POST', { diamondId: singles[i]!.id });
    hold.push(performance.now() - t0);
    if (h.status !== 201) throw new Error(`hold: ${h.status}`);
    const stone = singles[ROUNDS + i]!.id;
    t0 = performance.now();
    await send('/profile/bag', 'POST', { diamondId: stone });
    type Line = { diamondId: number; type: string; itemPrice: number | null };
    const lines = ((await (await send('/profile/bag?ccy=GBP')).json()) as { bag: Line[] }).bag;
    const r = await send('/profile/bagRequest', 'POST', {
      bagItems: lines.map((l) => ({ stock: l.diamondId, type: l.type, itemPrice: l.itemPrice })),
      orderNotes: '',
      acceptsAnyAlternatives: false,
      ccy: 'GBP',
      totalPrice: Math.round(lines.reduce((sum, l) => sum + (l.itemPrice ?? 0), 0) * 100) / 100,
      ExRate: 1,
    });
    bag.push(performance.now() - t0);
    if (r.status !== 200) throw new Error(`bag request: ${r.status} ${await r.text()}`);
  }
  const [trader] = await db.select().from(users).where(eq(users.email, 'trader@facet.trade'));
  const all = await db.select({ id: diamonds.id }).from(diamonds).where(eq(diamonds.inStock, true));
  const free = all.filter((d) => !singles.some((s) => s.id === d.id)).slice(0, SWEEP_HOLDS);
  for (let i = 0; i < free.length; i += 1000) {
    await db.insert(holds).values(
      free.slice(i, i + 1000).map((d) => ({
        diamondId: d.id,
        userId: trader!.id,
        createdAt: new Date(now - 3600_000),
        expiresAt: new Date(now - 1000),
      })),
    );
  }
  now += 1000;
  const t0 = performance.now();
  const ended = await expireHolds(db, now);
  const sweepMs = performance.now() - t0;
  await db.close();
  const figures: Figures = {
    engine: db.engine,
    holdMs: median(hold),
    bagRequestMs: median(bag),
    sweepMs: ended >= SWEEP_HOLDS ? sweepMs : -1,
  };
  process.stdout.write(`FIGURES ${JSON.stringify(figures)}\n`);
}

export async function main(): Promise<void> {
  const self = fileURLToPath(import.meta.url);
  const rows = await onBothEngines<Figures>(self, 'holds');
  const f = (n: number) => (n < 0 ? 'n/a' : `${n.toFixed(1)} ms`);
  console.log(`\nHolds (median of ${ROUNDS}; sweep: ${SWEEP_HOLDS.toLocaleString('en')} holds)`);
  console.log('engine      hold round trip   bag request round trip   sweep of 10,000');
  for (const r of rows)
    console.log(
      `${r.engine.padEnd(12)}${f(r.holdMs).padStart(15)}   ${f(r.bagRequestMs).padStart(22)}   ${f(r.sweepMs).padStart(15)}`,
    );
}

if (process.argv.includes('--child')) await child();
