/**
 * `npm run bench -- --similar-prices [--stones 200000] [--samples 300]`: where a price sits at
 * wholesale scale. On a seeded SQLite database (cached in bench/out/) it asks the similar
 * stones of `samples` random singles through the service the API route calls
 * (api/services/catalogue/similar-prices.ts) and prints the median, 95th percentile and
 * largest time per stone, the mean number of similar stones, and SQLite's query plan (which
 * must search diamonds_similar_idx, not scan the table).
 */
import { parseArgs } from 'node:util';
import { and, eq, isNotNull } from 'drizzle-orm';
import { openDb } from '../db/client.ts';
import { sqliteClient } from '../db/sqlite.ts';
import { diamonds } from '../db/tables.ts';
import { similarPrices } from '../api/services/catalogue/similar-prices.ts';
import { seededDb } from './seeded-db.ts';
import { median, quantile } from './stats.ts';

export async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { stones: { type: 'string', default: '200000' }, samples: { type: 'string', default: '300' } },
    strict: false,
  });
  const log = (s: string) => console.log(`[similar-prices] ${s}`);
  const file = await seededDb(Number(values.stones), log);
  const db = await openDb(file);
  try {
    const singles = await db
      .select()
      .from(diamonds)
      .where(and(eq(diamonds.inStock, true), eq(diamonds.catType, 'Single Item'), isNotNull(diamonds.priceCents)));
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647);
    const picks = Array.from({ length: Number(values.samples) }, () => singles[next() % singles.length]!);
    await similarPrices(db, picks[0]!, 'USD'); // warm the cache
    const ms: number[] = [];
    let found = 0;
    for (const stone of picks) {
      const t0 = performance.now();
      found += (await similarPrices(db, stone, 'USD')).summary.count;
      ms.push(performance.now() - t0);
    }
    const plan = sqliteClient(db)
      .prepare(
        'EXPLAIN QUERY PLAN SELECT id FROM diamonds WHERE in_stock = 1 AND cat_type = ? ' +
          'AND colour_from_rank IN (2, 3, 4) AND clarity_from_rank IN (3, 4, 5) AND weight BETWEEN 0.9 AND 1.1',
      )
      .all('Single Item') as { detail: string }[];
    log(`${singles.length} priced singles of ${values.stones} stones, ${picks.length} asked`);
    log(
      `per stone: median ${median(ms).toFixed(2)} ms, p95 ${quantile(ms, 0.95).toFixed(2)} ms, ` +
        `max ${Math.max(...ms).toFixed(2)} ms; ${(found / picks.length).toFixed(1)} similar stones on average`,
    );
    log(`plan: ${plan.map((p) => p.detail).join(' | ')}`);
  } finally {
    await db.close();
  }
}
