/**
 * Saved-search alerts under test: a seeded shop with API Link's test app (the real stock
 * import), the trader's saved searches written as the account's API stores them, and the
 * alert worker of one or two "nodes" run by hand.
 */
import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { latestSeq } from '../../api/services/link/change-log.ts';
import { startAlertWorker } from '../../api/services/saved-searches/alert-worker.ts';
import { diamonds, savedSearches, users, type Diamond } from '../../db/tables.ts';
import { createLinkTestApp, type LinkTestApp } from './link-fixtures.ts';

export type SearchInput = Partial<typeof savedSearches.$inferInsert> & { name: string };

export async function alertTestApp(env: Record<string, string> = {}) {
  const t = await createLinkTestApp({ env });
  const trader = (await t.db.select().from(users).where(eq(users.email, 'trader@facet.trade')))[0]!;
  const worker = (holder = 'node-a') => startAlertWorker(t.deps, { poll: false, holder });
  /** A saved search of the trader, its mark at the newest change (as a new search has). */
  const save = async (input: SearchInput) =>
    (
      await t.db
        .insert(savedSearches)
        .values({
          userId: trader.id,
          view: '/diamonds/all',
          columns: { measurements: false, availability: false },
          currency: 'GBP',
          alert: 'instant',
          seenSeq: await latestSeq(t.db),
          createdAt: new Date(t.clock.now()),
          ...input,
        })
        .returning()
    )[0]!;
  const alertsTo = (name: string) =>
    t.mailer.messages.filter((m) => m.to === trader.email && m.subject.includes(`"${name}"`));
  return { t, trader, worker, save, alertsTo };
}
export type AlertTestApp = Awaited<ReturnType<typeof alertTestApp>>;

/** The n-th priced single in stock with no special price (its list price is its price). */
export async function pricedSingle(t: LinkTestApp, n = 0): Promise<Diamond> {
  const rows = await t.db
    .select()
    .from(diamonds)
    .where(
      and(
        eq(diamonds.inStock, true),
        eq(diamonds.catType, 'Single Item'),
        isNotNull(diamonds.priceCents),
        eq(diamonds.webSpecialCents, 0),
        gt(diamonds.priceCents, 100_00),
      ),
    )
    .orderBy(asc(diamonds.id))
    .limit(n + 1);
  return rows[n]!;
}

export const CSV_HEAD = 'StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price,StkCatType';
const grade = (from: string | null, to: string | null) => (from && to && to !== from ? `${from}-${to}` : (from ?? ''));

/** A stone's row as it is, its price times `factor` (major units, USD): 0.8 is 20 % down. */
export const priceRow = (s: Diamond, factor: number) =>
  [
    s.stockCode,
    s.shape,
    s.weight,
    grade(s.colourFrom, s.colourTo),
    grade(s.clarityFrom, s.clarityTo),
    ((s.priceCents! * factor) / 100).toFixed(2),
    s.catType,
  ].join(',');

/** A new round single: 1.01 ct G VS1 at 5,400 USD. */
export const newStoneRow = (code: string) => `${code},Round,1.01,G,VS1,5400,Single Item`;

export const csv = (...rows: string[]) => [CSV_HEAD, ...rows].join('\n') + '\n';
