/**
 * Races the data layer must win on every engine (one write-transaction seam):
 * two simultaneous bag requests from one user store one request, and two simultaneous uses of
 * one reset or verify token succeed once. The requests really overlap: both are started
 * before either is awaited (Promise.all), and on PostgreSQL each runs on its own pooled
 * connection. Several rounds per race, because a race that is lost only sometimes is still lost.
 *
 * Runs in the api (SQLite), api-pg (READ COMMITTED) and api-pg-serializable projects.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bagRequests, tokens, users } from '../../db/tables.ts';
import {
  OTHER_PASSWORD,
  PASSWORD,
  createTestApp,
  errorOf,
  insertUser,
  linkToken,
  registration,
  type TestApp,
} from './auth-helpers.ts';
import { bagOf, counts, payloadOf, stoneOf, traderWithBag } from './bag-fixtures.ts';

const ROUNDS = 3;

/** Both answers: one 200 and one clear 4xx refusal (never a 5xx), the refusal's error code. */
async function oneWins(responses: Response[]): Promise<{ winner: number; refusal: unknown }> {
  const statuses = responses.map((r) => r.status);
  expect(
    statuses.filter((s) => s === 200),
    `statuses ${statuses.join(', ')}`,
  ).toHaveLength(1);
  const winner = statuses.indexOf(200);
  const loser = responses[1 - winner]!;
  expect(loser.status, `statuses ${statuses.join(', ')}`).toBeGreaterThanOrEqual(400);
  expect(loser.status).toBeLessThan(500);
  return { winner, refusal: (await errorOf(loser)).msg };
}

describe('two simultaneous bag requests from one user', () => {
  it('store exactly one request and empty the bag once, round after round', async () => {
    const { t, agent, parcel } = await traderWithBag();
    for (let round = 1; round <= ROUNDS; round++) {
      // a single stone stays claimed by the request that took it: each round asks for another
      const single = await stoneOf(t, 'Single Item', round);
      await agent.json('/profile/bag', 'POST', { diamondId: single.id });
      await agent.json('/profile/bag', 'POST', { diamondId: parcel.id });
      const body = payloadOf(await bagOf(agent, 'GBP'), 'GBP', 1, { orderNotes: `round ${round}` });
      const staffBefore = t.mailer.messages.filter((m) => m.to === t.config.STAFF_EMAIL).length;

      const answers = await Promise.all([
        agent.json('/profile/bagRequest', 'POST', body),
        agent.json('/profile/bagRequest', 'POST', body),
      ]);

      const { refusal } = await oneWins(answers);
      expect(['bag_empty', 'not_in_bag', 'bag_changed']).toContain(refusal);
      expect(await counts(t)).toEqual({ requests: round, bagItems: 0 });
      const stored = await t.db
        .select()
        .from(bagRequests)
        .where(eq(bagRequests.orderNotes, `round ${round}`));
      expect(stored).toHaveLength(1);
      expect(stored[0]!.items.map((i) => i.diamondId).sort()).toEqual([single.id, parcel.id].sort());
      expect(t.mailer.messages.filter((m) => m.to === t.config.STAFF_EMAIL)).toHaveLength(staffBefore + 1);
    }
  });
});

describe('two simultaneous uses of one reset token', () => {
  async function resetToken(t: TestApp, email: string) {
    await t.json('/forgot', 'POST', { email });
    return linkToken(t.mailer.last(email), 'reset');
  }

  it('set one password: the other use is refused as already used', async () => {
    const t = await createTestApp({ seed: false });
    for (let round = 1; round <= ROUNDS; round++) {
      const email = `racer${round}@example.com`;
      await insertUser(t.db, { email });
      const token = await resetToken(t, email);
      const passwords = [OTHER_PASSWORD, `Third%Pass77${round}`];

      const answers = await Promise.all(passwords.map((password) => t.json('/reset', 'POST', { id: token, password })));

      const { winner, refusal } = await oneWins(answers);
      expect(refusal).toBe('token_already_used');
      const login = (password: string) => t.json('/login', 'POST', { email, password });
      expect((await login(passwords[winner]!)).status).toBe(200);
      expect((await login(passwords[1 - winner]!)).status).toBe(401);
      expect((await login(PASSWORD)).status).toBe(401);
      const [user] = await t.db.select().from(users).where(eq(users.email, email));
      const used = await t.db.select().from(tokens).where(eq(tokens.userId, user!.id));
      expect(used.filter((x) => x.kind === 'reset' && x.usedAt)).toHaveLength(1);
    }
  });
});

describe('two simultaneous uses of one verify token', () => {
  it('verify the address once: one 200, one refusal, staff told once', async () => {
    const t = await createTestApp({ seed: false });
    for (let round = 1; round <= ROUNDS; round++) {
      const body = registration({ companyName: `Race Round ${round} Ltd` });
      expect((await t.json('/register', 'POST', body)).status).toBe(201);
      const token = linkToken(t.mailer.last(body.email), 'verify');
      const staffMails = () =>
        t.mailer.messages.filter((m) => m.to === t.config.STAFF_EMAIL && m.text.includes(body.companyName)).length;
      const before = staffMails();

      const answers = await Promise.all([
        t.json('/verify', 'POST', { id: token }),
        t.json('/verify', 'POST', { id: token }),
      ]);

      const { winner, refusal } = await oneWins(answers);
      expect(refusal).toBe('token_already_used');
      expect(await answers[winner]!.json()).toEqual({ email: body.email, verified: true });
      const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
      expect(user?.status).toBe('pending');
      expect(staffMails()).toBe(before + 1);
    }
  });
});
