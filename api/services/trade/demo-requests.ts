/**
 * Demo requests (with the demo accounts, never in production): the demo trader's requests in
 * every step of the lifecycle, so a newcomer sees the whole workflow at once: submitted, in
 * review (with a short message thread), confirmed on memo (one line confirmed, one answered by
 * an alternative the buyer accepted), shipped with a carrier reference, completed, declined
 * and cancelled by the buyer.
 *
 * Each is made by the shop's own services (bag → request → staff moves, line answers, buyer
 * replies, messages) on a clock set back to the days the story happened, so the reservations,
 * the timeline, the audit, the change log and the staff inbox agree with what the screens show.
 * E-mails of those past steps are not sent. Stones come from the middle of the stock, past the
 * ones the demo holds take (db/seed/holds.ts). Seeding twice adds nothing: a trader who already
 * has requests is left alone.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import type { Deps } from '../../types.ts';
import { silentMailer } from '../platform/mailer.ts';
import { createBagRequest } from './bag-requests.ts';
import { addToBag, bagLines, loadRates } from './bag.ts';
import { answerLine, replyToAlternative } from './request-answers.ts';
import { postRequestMessage } from './request-messages.ts';
import { moveRequest } from './request-moves.ts';
import { totalOf } from '../../../src/domain/bag/view.ts';
import type { CurrencyCode } from '../../../src/domain/money.ts';
import { linesOf } from './request-records.ts';
import type { Db } from '../../../db/client.ts';
import { bagRequests, diamonds, users } from '../../../db/tables.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Where the requests' stones start in the middle of the stock (the demo holds take the first four). */
const FIRST_STONE = 20;

type Step = () => Promise<void>;
type Story = {
  /** days before the seeding when the request was sent */
  sentDaysAgo: number;
  stones: number;
  terms: 'memo' | 'invoice';
  ccy: CurrencyCode;
  notes: string;
  /** the steps after sending, each a few hours after the one before */
  then: (r: { id: number; lines: number[]; spare: () => string }) => Step[];
};

function quietDeps(db: Db, clock: { t: number }): Deps {
  return {
    db,
    clock: { now: () => clock.t },
    config: loadConfig({}),
    mailer: silentMailer,
  };
}

export async function seedDemoRequests(db: Db, now: number): Promise<number> {
  const [trader] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'trader@facet.trade'));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@facet.trade'));
  if (!trader || !admin) return 0;
  const [had] = await db.select({ n: count() }).from(bagRequests).where(eq(bagRequests.userId, trader.id));
  if ((had?.n ?? 0) > 0) return 0;
  const singles = await db
    .select({ id: diamonds.id, code: diamonds.stockCode })
    .from(diamonds)
    .where(and(eq(diamonds.inStock, true), eq(diamonds.catType, 'Single Item'), eq(diamonds.source, '')))
    .orderBy(asc(diamonds.id));
  const pool = singles.slice(Math.floor(singles.length / 2) + FIRST_STONE);
  if (pool.length < 16) return 0;
  let next = 0;
  const take = () => pool[next++]!;

  const clock = { t: now };
  const deps = quietDeps(db, clock);
  const staff = { id: admin.id, role: 'staff' as const };
  const buyer = { id: trader.id, role: 'buyer' as const };
  const move = (id: number, to: Parameters<typeof moveRequest>[3], opts = {}) => moveRequest(deps, staff, id, to, opts);
  const say = (id: number, who: typeof staff | typeof buyer, body: string) => postRequestMessage(deps, who, id, body);

  const stories: Story[] = [
    {
      sentDaysAgo: 12,
      stones: 1,
      terms: 'memo',
      ccy: 'GBP',
      notes: 'For a client viewing on Thursday.',
      then: ({ id, lines }) => [
        () => move(id, 'in_review'),
        () => answerLine(deps, admin.id, id, lines[0]!, { answer: 'confirmed' }),
        () => move(id, 'confirmed'),
        () => move(id, 'shipped', { carrierRef: 'Brink’s BRK-40718822' }),
        () => move(id, 'completed', { note: 'Paid in full' }),
      ],
    },
    {
      sentDaysAgo: 9,
      stones: 1,
      terms: 'invoice',
      ccy: 'GBP',
      notes: '',
      then: ({ id, lines }) => [
        () => move(id, 'in_review'),
        () => answerLine(deps, admin.id, id, lines[0]!, { answer: 'unavailable' }),
        () => say(id, staff, 'Sorry, this stone was sold at the Antwerp show before your request reached us.'),
        () => move(id, 'declined'),
      ],
    },
    {
      sentDaysAgo: 6,
      stones: 2,
      terms: 'invoice',
      ccy: 'USD',
      notes: 'Please invoice in US dollars.',
      then: ({ id, lines }) => [
        () => move(id, 'in_review'),
        () => answerLine(deps, admin.id, id, lines[0]!, { answer: 'confirmed' }),
        () => answerLine(deps, admin.id, id, lines[1]!, { answer: 'confirmed' }),
        () => move(id, 'confirmed'),
        () => move(id, 'shipped', { carrierRef: 'Malca-Amit MA-2207-5531' }),
      ],
    },
    {
      sentDaysAgo: 5,
      stones: 1,
      terms: 'memo',
      ccy: 'GBP',
      notes: '',
      then: ({ id }) => [
        () => moveRequest(deps, buyer, id, 'cancelled', { note: 'The client chose another setting.' }),
      ],
    },
    {
      sentDaysAgo: 3,
      stones: 2,
      terms: 'memo',
      ccy: 'GBP',
      notes: 'Matching pair for drop earrings if possible.',
      then: ({ id, lines, spare }) => [
        () => move(id, 'in_review'),
        () => answerLine(deps, admin.id, id, lines[0]!, { answer: 'confirmed' }),
        () => answerLine(deps, admin.id, id, lines[1]!, { answer: 'alternative', stockCode: spare() }),
        () => say(id, staff, 'The second stone has a chip under the crown; we offer a closer match instead.'),
        () => replyToAlternative(deps, trader.id, id, lines[1]!, 'accepted'),
        () => say(id, buyer, 'Thank you, the alternative suits the pair well.'),
        () => move(id, 'confirmed'),
      ],
    },
    {
      sentDaysAgo: 1,
      stones: 2,
      terms: 'memo',
      ccy: 'GBP',
      notes: 'Engagement ring, client prefers no fluorescence.',
      then: ({ id }) => [
        () => move(id, 'in_review'),
        () => say(id, staff, 'We are checking both certificates and will answer by this afternoon.'),
        () => say(id, buyer, 'Thank you. Could you also send a video of the first stone?'),
      ],
    },
    { sentDaysAgo: 0.125, stones: 2, terms: 'invoice', ccy: 'GBP', notes: '', then: () => [] },
  ];

  let made = 0;
  for (const story of stories) {
    clock.t = now - story.sentDaysAgo * DAY;
    const stones = Array.from({ length: story.stones }, take);
    for (const s of stones) await addToBag(db, trader.id, { diamondId: s.id });
    const bag = (await bagLines(db, trader.id, story.ccy)).filter((l) => stones.some((s) => s.id === l.diamondId));
    const rate = (await loadRates(db)).find((r) => r.currency === story.ccy)!;
    const sent = await createBagRequest(
      db,
      trader.id,
      {
        bagItems: bag.map((l) => ({ stock: l.diamondId, type: l.type, itemPrice: l.itemPrice })),
        orderNotes: story.notes,
        acceptsAnyAlternatives: true,
        terms: story.terms,
        ccy: story.ccy,
        totalPrice: totalOf(bag, story.ccy, await loadRates(db)),
        ExRate: rate.ExRate,
      },
      clock.t,
    );
    const lines = (await linesOf(db, sent.id)).map((l) => l.id);
    const steps = story.then({ id: sent.id, lines, spare: () => take().code });
    // each step a few hours after the one before, never later than the seeding
    const gap = Math.min(5 * HOUR, (now - clock.t) / (steps.length + 1));
    for (const step of steps) {
      clock.t += gap;
      await step();
    }
    made += 1;
  }
  return made;
}
