/**
 * The hold sweep on two real app nodes (`npm start`'s script) sharing one PostgreSQL, one of
 * them SIGKILLed in the middle of sending the "has ended" notices: every hold is ended once
 * (one change-log row each), and every holder's e-mail is stored once and delivered, by the
 * survivor (a claimed notice after its lease lapses, a stored e-mail by the outbox resend).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwoNodes, type TwoNodes } from '../support/two-nodes.ts';
import { until } from '../support/until.ts';

const HOLDS = 300;
let c: TwoNodes;

beforeAll(async () => {
  c = await startTwoNodes('sweep-kill', { SEED_STONES: '420' });
}, 400_000);

afterAll(() => c?.stop());

describe('two nodes sweep holds, one is SIGKILLed mid-sweep', () => {
  it('ends each hold once and stores and delivers each e-mail once', async () => {
    const { a, b, db, one } = c;
    const trader = (await db.query(`SELECT id, email FROM users WHERE email = 'trader@facet.trade'`)).rows[0];
    const stones = (
      await db.query(
        `SELECT d.id, d.stock_code FROM diamonds d
          WHERE d.in_stock AND d.cat_type = 'Single Item'
            AND NOT EXISTS (SELECT 1 FROM holds h WHERE h.diamond_id = d.id AND h.ended_at IS NULL)
          ORDER BY d.id LIMIT $1`,
        [HOLDS],
      )
    ).rows as { id: number; stock_code: string }[];
    expect(stones).toHaveLength(HOLDS);
    const codes = stones.map((s) => s.stock_code);
    const seq0 = await one('SELECT coalesce(max(seq), 0) AS n FROM stock_changes');
    // all end together, 4 s from now; the 2-hour notice counts as sent, so only the end is told
    const ends = new Date(Date.now() + 4000);
    await db.query(
      `INSERT INTO holds (diamond_id, user_id, created_at, expires_at, extended, ending_notified_at)
       SELECT unnest($1::int[]), $2, now(), $3, false, now()`,
      [stones.map((s) => s.id), trader.id, ends],
    );
    const ids = (await db.query(`SELECT id FROM holds WHERE expires_at = $1`, [ends])).rows.map((r) => r.id as number);
    expect(ids).toHaveLength(HOLDS);
    const told = () =>
      one('SELECT count(*) AS n FROM holds WHERE id = ANY($1) AND ended_notified_at IS NOT NULL', [ids]);

    // kill A while the notices are being sent
    let atKill = 0;
    await until('the first notices', async () => (atKill = await told()) > 0, 30_000, 5);
    a.proc.kill('SIGKILL');
    await new Promise((r) => a.proc.once('exit', r));
    expect(atKill, 'A was killed after the sweep had told every holder').toBeLessThan(HOLDS);

    await until('every notice', async () => (await told()) === HOLDS, 60_000);
    const ended = async (status: string) =>
      one(
        `SELECT count(*) AS n FROM email_outbox WHERE "to" = $1 AND subject LIKE 'Your hold on % has ended' AND status = ANY($2)`,
        [trader.email, status.split(',')],
      );
    // what A stored and had not delivered is delivered by B's resend (30 s later)
    await until('the stored e-mails delivered', async () => (await ended('queued')) === 0, 90_000, 500);

    expect(await one(`SELECT count(*) AS n FROM holds WHERE id = ANY($1) AND end_reason = 'expired'`, [ids])).toBe(
      HOLDS,
    );
    expect(
      await one('SELECT count(*) AS n FROM stock_changes WHERE seq > $1 AND stock_code = ANY($2)', [seq0, codes]),
    ).toBe(HOLDS);
    expect(await ended('queued,sending,logged,sent,failed')).toBe(HOLDS);
    // delivered; at most the one e-mail A had in hand at the kill may be left claimed
    expect(await ended('logged')).toBeGreaterThanOrEqual(HOLDS - 1);
    for (const code of codes.slice(0, 20)) {
      const subject = `Your hold on ${code} has ended`;
      expect(await one(`SELECT count(*) AS n FROM email_outbox WHERE subject = $1`, [subject]), code).toBe(1);
    }
    expect(b.proc.exitCode).toBeNull();
  }, 300_000);
});
