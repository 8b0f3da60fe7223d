/**
 * Two app nodes sharing nothing but one PostgreSQL: each is the real `npm start`
 * (scripts/start.ts) in its own working folder, with its own SITE_DIR and UPLOADS_DIR and port,
 * both started at once against one empty database (they must migrate and seed exactly once).
 *
 * Proves the stateless-node promises of docs/architecture.md ("Several app nodes"): sessions,
 * bag, requests, site content, uploads and rate limits are the database's, so a call may land
 * on either node; live stock reaches a stream on one node from a write through the other; and a node killed mid-burst loses no acknowledged write.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pgDriver from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, siteBuilds, startNode, TRADER, waitForSiteEverywhere, type AppNode } from '../support/app-node.ts';
import { sseReader } from '../support/sse.ts';
import { freshDatabase, type FreshDatabase } from '../support/shared-pg.ts';

const STONES = 120;
type Node = AppNode;

/** One value from the shared database. */
async function count(query: string): Promise<number> {
  const c = new pgDriver.Client({ connectionString: pg.url });
  await c.connect();
  try {
    return Number((await c.query(query)).rows[0].n);
  } finally {
    await c.end();
  }
}

let pg: FreshDatabase;
let dir: string;
let a: Node;
let b: Node;

beforeAll(async () => {
  pg = await freshDatabase('two-nodes');
  dir = mkdtempSync(join(tmpdir(), 'facet-two-nodes-'));
  [a, b] = await Promise.all([startNode('a', dir, pg.url), startNode('b', dir, pg.url)]);
}, 400_000);

afterAll(async () => {
  for (const n of [a, b]) if (n && n.proc.exitCode === null) n.proc.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await pg?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('two app nodes on one PostgreSQL', () => {
  it('migrated and seeded the empty database exactly once', async () => {
    const seeded = [a, b].filter((n) => n.output().includes('Seeding the demo shop'));
    expect(seeded).toHaveLength(1);
    expect(await count('SELECT count(*) AS n FROM diamonds')).toBe(STONES);
  });

  it('a session made on A is signed in on B; the bag filled on A is on B; the request goes through B', async () => {
    const trader = client();
    const login = await trader.call(a, '/api/v1/login', {
      method: 'POST',
      json: { email: 'trader@facet.trade', password: 'Trader#2026' },
    });
    expect(login.status).toBe(200);
    const me = await trader.call(b, '/api/v1/me');
    expect(((await me.json()) as { user?: { email: string } }).user?.email).toBe('trader@facet.trade');

    const list = (await (await trader.call(b, '/api/v1/diamonds?page=1&limit=5')).json()) as {
      docs: { _id: number; StkCatType: string }[];
    };
    const stone = list.docs.find((d) => d.StkCatType === 'Single Item')!;
    expect(
      (await trader.call(a, '/api/v1/profile/bag', { method: 'POST', json: { diamondId: stone._id } })).status,
    ).toBe(200);
    const bag = (await (await trader.call(b, '/api/v1/profile/bag?ccy=USD')).json()) as {
      bag: { diamondId: number; type: string; itemPrice: number | null; ppc?: number }[];
    };
    expect(bag.bag.map((l) => l.diamondId)).toEqual([stone._id]);

    const rates = (await (await trader.call(b, '/api/v1/site')).json()) as {
      fxrates: { currency: string; ExRate: number }[];
    };
    const usd = rates.fxrates.find((r) => r.currency === 'USD')!;
    const line = bag.bag[0]!;
    const sent = await trader.call(b, '/api/v1/profile/bagRequest', {
      method: 'POST',
      json: {
        bagItems: [{ stock: line.diamondId, type: line.type, itemPrice: line.itemPrice }],
        orderNotes: 'through node B',
        acceptsAnyAlternatives: false,
        ccy: 'USD',
        totalPrice: line.itemPrice,
        ExRate: usd.ExRate,
      },
    });
    expect(sent.status, await sent.clone().text()).toBeLessThan(300);
    expect(await count("SELECT count(*) AS n FROM bag_requests WHERE order_notes = 'through node B'")).toBe(1);
  });

  it('one node built the site at start-up and the other unpacked its published build', () => {
    expect([a, b].filter((n) => n.output().includes('Site built in'))).toHaveLength(1);
    expect([a, b].filter((n) => n.output().includes('Site unpacked from a published build'))).toHaveLength(1);
  });

  it("an admin's text-block edit through B appears on A's static home page, built once for both", async () => {
    const admin = client();
    expect(
      (
        await admin.call(b, '/api/v1/login', {
          method: 'POST',
          json: { email: 'admin@facet.trade', password: 'Admin#2026' },
        })
      ).status,
    ).toBe(200);
    const before = await siteBuilds(admin, [a, b]);
    const tagline = `Cut for the cluster ${Date.now()}`;
    const res = await admin.call(b, '/api/v1/configs/site-blocks/home_welcome_title', {
      method: 'PATCH',
      json: { type: 'text', value: tagline },
    });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 240_000;
    let html = '';
    while (Date.now() < deadline) {
      html = await (await fetch(`${a.url}/`)).text();
      if (html.includes(tagline)) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const builds = readdirSync(join(dir, 'a')).map((d) => {
      const file = join(dir, 'a', d, 'index.html');
      return `${d}: ${existsSync(file) ? readFileSync(file, 'utf8').includes(tagline) : 'no index'}`;
    });
    const served = /id="welcome-title"[^>]*>([^<]*)/.exec(html)?.[1];
    expect(
      html.includes(tagline),
      `served: ${served}; builds of A: ${builds.join(', ')}; ` +
        `A never served the new tagline; A said:\n${a.output().slice(-2000)}\nB said:\n${b.output().slice(-2000)}`,
    ).toBe(true);
    const after = await waitForSiteEverywhere(admin, [a, b], before);
    const count = (k: 'built' | 'unpacked') => after.reduce((sum, s, i) => sum + s[k] - before[i]![k], 0);
    expect({ built: count('built'), unpacked: count('unpacked') }).toEqual({ built: 1, unpacked: 1 });
  }, 300_000);

  it('an image block uploaded through A is served by B', async () => {
    const admin = client();
    await admin.call(a, '/api/v1/login', {
      method: 'POST',
      json: { email: 'admin@facet.trade', password: 'Admin#2026' },
    });
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c8a96b' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('src', new File([new Uint8Array(png)], 'logo.png', { type: 'image/png' }));
    form.set('value', 'A partner logo');
    const res = await admin.call(a, '/api/v1/configs/site-blocks/footer_logo_1', { method: 'PATCH', body: form });
    expect(res.status).toBe(200);
    const url = ((await res.json()) as { block: { url: string } }).block.url;
    expect(url).toMatch(/^\/uploads\//);
    const served = await fetch(`${b.url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await served.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  // how fast (within a second on a quiet machine) is the bench's to measure: npm run bench -- --live --nodes 2
  it('a hold committed through A reaches a live stream open on B', async () => {
    const trader = client();
    expect((await trader.call(a, '/api/v1/login', { method: 'POST', json: TRADER })).status).toBe(200);
    const list = (await (await trader.call(a, '/api/v1/diamonds?page=1&limit=40')).json()) as {
      docs: { _id: number; StkCatType: string }[];
    };
    const stone = list.docs.filter((d) => d.StkCatType === 'Single Item').at(-1)!;
    const live = new AbortController();
    const sse = sseReader(await trader.call(b, '/api/v1/live', { signal: live.signal }));
    expect((await sse.next(5000))!.event).toBe('ready');
    expect((await trader.call(a, '/api/v1/holds', { method: 'POST', json: { diamondId: stone._id } })).status).toBe(
      201,
    );
    const got = (await sse.until((e) => e.event === 'stone', 10_000, 'hold event from the other node')).at(-1)!;
    expect(JSON.parse(got.data)).toMatchObject({ id: stone._id, change: 'hold', hold: 'mine' });
    live.abort();
    await sse.close();
  });

  it('a per-address rate limit counts the calls to both nodes together', async () => {
    // POST /check-email: 30 per 15 minutes per client address
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const node = i % 2 ? b : a;
      const res = await fetch(`${node.url}/api/v1/check-email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `someone${i}@example.com` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 30).every((s) => s !== 429)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('SIGKILL of A during a burst of writes loses no acknowledged write, and B keeps answering', async () => {
    const trader = client();
    await trader.call(b, '/api/v1/login', {
      method: 'POST',
      json: { email: 'trader@facet.trade', password: 'Trader#2026' },
    });
    const list = (await (await trader.call(b, '/api/v1/diamonds?page=1&limit=100')).json()) as {
      docs: { _id: number }[];
    };
    const ids = list.docs.map((d) => d._id);
    const acknowledged: number[] = [];
    const burst = ids.map(async (id, i) => {
      await new Promise((r) => setTimeout(r, i * 20));
      try {
        const res = await trader.call(a, `/api/v1/profile/favourites/${id}`, { method: 'PUT' });
        if (res.status === 200) acknowledged.push(id);
      } catch {
        // the connection died with node A
      }
    });
    // kill A once it has acknowledged some writes, with the rest still in flight
    const t0 = Date.now();
    while (acknowledged.length < 5 && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 10));
    a.proc.kill('SIGKILL');
    await Promise.all(burst);
    expect(acknowledged.length).toBeGreaterThan(0);

    const health = await fetch(`${b.url}/api/v1/health`);
    expect(health.status).toBe(200);
    const favs = (await (await trader.call(b, '/api/v1/profile/favourites')).json()) as { docs: { _id: number }[] };
    const stored = new Set(favs.docs.map((d) => d._id));
    expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
  });
});
