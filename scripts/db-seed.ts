/**
 * `npm run db:seed -- [--stones N] [--reset]`: opens the database (DATABASE_URL, else
 * DATABASE_PATH), migrates, and seeds N stones (default SEED_STONES) with db/seed. A database
 * that already has stones is refused unless --reset, which first empties every table.
 */
import { seedDemoRequests } from '../api/services/trade/demo-requests.ts';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SingleBar, Presets } from 'cli-progress';
import { loadConfig } from '../api/config.ts';
import { migrateDb, openDb } from '../db/client.ts';
import { resetDatabase, seedDatabase, stoneCount } from '../db/seed/index.ts';
import { sqliteClient } from '../db/sqlite.ts';

function parseArgs(argv: string[], fallbackStones: number): { stones: number; reset: boolean } {
  let stones = fallbackStones;
  let reset = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '--reset') reset = true;
    else if (arg === '--stones' || arg.startsWith('--stones=')) {
      const raw = arg.includes('=') ? arg.split('=')[1] : argv[++i];
      stones = Number(raw);
      if (!Number.isInteger(stones) || stones < 0) throw new Error(`--stones needs a whole number, got "${raw}"`);
    } else if (arg === '--help' || arg === '-h') {
      console.log('usage: npm run db:seed -- [--stones N] [--reset]');
      process.exit(0);
    } else throw new Error(`unknown argument "${arg}" (usage: npm run db:seed -- [--stones N] [--reset])`);
  }
  return { stones, reset };
}

async function main() {
  const config = loadConfig();
  const { stones, reset } = parseArgs(process.argv.slice(2), config.SEED_STONES);
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : config.DATABASE_PATH;
  const db = await openDb(config.databaseLocation, { isolation: config.DATABASE_ISOLATION });
  try {
    await migrateDb(db);
    const existing = await stoneCount(db);
    if (existing > 0 && !reset) {
      console.error(`${where} already holds ${existing} stones: run with --reset to replace everything.`);
      process.exitCode = 1;
      return;
    }
    if (reset) await resetDatabase(db);
    const bar =
      stones >= 2000
        ? new SingleBar({ format: 'seeding stones {bar} {value}/{total}', hideCursor: true }, Presets.shades_classic)
        : null;
    bar?.start(stones, 0);
    const sum = await seedDatabase(db, {
      stones,
      production: config.isProduction,
      demoHolds: true,
      demoRequests: seedDemoRequests,
      onProgress: (done) => bar?.update(done),
    });
    bar?.stop();
    if (db.engine === 'sqlite') sqliteClient(db).pragma('wal_checkpoint(TRUNCATE)');
    console.log(
      `seeded ${where}: ${sum.stones} stones (${sum.natural} natural, ${sum.labGrown} lab-grown, ` +
        `${sum.parcels} parcels), ${sum.mediaRows} media rows, ${sum.certificates} certificates, ${sum.users} users, ` +
        `${sum.blocks} blocks, ${sum.posts} posts in ${(sum.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    await db.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exitCode = 1;
  });
}
