/**
 * Saved-search alerts on two real app nodes (`npm start`'s script) sharing one PostgreSQL: a
 * stock import through the admin upload on one node gives each of many instant searches one
 * alert e-mail, whichever node computes it; the node doing the pass is SIGKILLed in the
 * middle of storing the e-mails, and the survivor (once the lease lapses) tells the rest:
 * every search is told exactly once, and every stored e-mail is delivered (the outbox resend
 * delivers what the dead node stored and had not sent).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, client } from '../support/app-node.ts';
import { startTwoNodes, type TwoNodes } from '../support/two-nodes.ts';
import { until } from '../support/until.ts';

const SEARCHES = 1500;
const NEW_STONES = 40;
let c: TwoNodes;

beforeAll(async () => {
  c = await startTwoNodes('alerts-kill');
}, 400_000);

afterAll(() => c?.stop());

describe('two nodes send saved-search alerts, the one doing it is SIGKILLed mid-pass', () => {
  it('tells every search once and delivers every e-mail', async () => {
    const { a, b, db, one } = c;
    const trader = (await db.query(`SELECT id, email FROM users WHERE email = 'trader@facet.trade'`)).rows[0];
    await db.query(
      `INSERT INTO saved_searches (user_id, name, view, columns, currency, alert, seen_seq)
       SELECT $1, 'Cluster ' || g, '/diamonds/all?shape=round', '{"measurements":false,"availability":false}'::json,
              (ARRAY['GBP','USD','EUR'])[1 + g % 3], 'instant', (SELECT coalesce(max(seq), 0) FROM stock_changes)
         FROM generate_series(1, $2) AS g`,
      [trader.id, SEARCHES],
    );
    const admin = client();
    expect((await admin.call(b, '/api/v1/login', { method: 'POST', json: ADMIN })).status).toBe(200);
    const rows = Array.from(
      { length: NEW_STONES },
      (_, k) => `CLUSTER-${k},Round,${(0.5 + k * 0.05).toFixed(2)},G,VS1,${3000 + k * 50},Single Item`,
    );
    const form = new FormData();
    form.set(
      'file',
      new File([['StkCodeCalcNS,StkShape,STWeight,Colour,Clarity,price,StkCatType', ...rows].join('\n')], 'stock.csv', {
        type: 'text/csv',
      }),
    );
    const imported = await admin.call(b, '/api/v1/admin/stock-import?mode=apply', { method: 'POST', body: form });
    expect(imported.status).toBe(200);

    const stored = () => one(`SELECT count(*) AS n FROM email_outbox WHERE subject LIKE 'New for "Cluster %'`);
    // kill the node that holds the alert lease while it is storing the e-mails
    let atKill = 0;
    await until('the first alert e-mails', async () => (atKill = await stored()) > 0, 60_000, 5);
    const holder = String(
      (await db.query(`SELECT holder FROM leases WHERE name = 'saved-search-alerts'`)).rows[0]?.holder ?? '',
    );
    const [victim, survivor] = holder.includes(`:${a.proc.pid}:`) ? [a, b] : [b, a];
    victim.proc.kill('SIGKILL');
    await new Promise((r) => victim.proc.once('exit', r));
    expect(atKill, 'the pass had stored every e-mail before the kill').toBeLessThan(SEARCHES);

    await until('every search told', async () => (await stored()) === SEARCHES, 120_000, 500);
    await until(
      'the stored e-mails delivered',
      async () =>
        (await one(
          `SELECT count(*) AS n FROM email_outbox WHERE subject LIKE 'New for "Cluster %' AND status = 'queued'`,
        )) === 0,
      90_000,
      500,
    );
    // one e-mail per search, naming all the new stones; none twice
    expect(
      await one(
        `SELECT count(*) AS n FROM (SELECT subject FROM email_outbox WHERE subject LIKE 'New for "Cluster %' GROUP BY subject HAVING count(*) > 1) d`,
      ),
    ).toBe(0);
    expect(
      await one(`SELECT count(DISTINCT subject) AS n FROM email_outbox WHERE subject LIKE 'New for "Cluster %'`),
    ).toBe(SEARCHES);
    expect(
      await one(
        `SELECT count(*) AS n FROM email_outbox WHERE subject LIKE 'New for "Cluster %' AND text NOT LIKE '%CLUSTER-${NEW_STONES - 1} ·%'`,
      ),
    ).toBe(0);
    const latest = await one('SELECT max(seq) AS n FROM stock_changes');
    expect(await one(`SELECT count(*) AS n FROM saved_searches WHERE seen_seq <> $1`, [latest])).toBe(0);
    expect(survivor.proc.exitCode).toBeNull();
  }, 300_000);
});
