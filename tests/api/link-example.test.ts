/**
 * The typed client example (examples/sync.ts) keeps working against the API as served: its
 * types are generated with openapi-typescript from the document the server publishes, the
 * example must compile under `tsc --strict` against them, and it really syncs a test server's
 * stock (feed, then changes, then availability at checkout) with a real key.
 *
 * examples/generated/ is not committed: this test writes it from the served document each run,
 * so a change to the document that breaks the example fails here. The client does not depend
 * on the database engine, so it runs on SQLite only (one writer of examples/generated/).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import openapiTS, { astToString } from 'openapi-typescript';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LINK_BASE } from '../../api/link/base.ts';
import { diamonds } from '../../db/tables.ts';
import { TEST_ENGINE } from './helpers.ts';
import { createLinkTestApp, linkKeyFor, type LinkTestApp } from './link-fixtures.ts';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const EXAMPLES = join(ROOT, 'examples');
const BIN = join(ROOT, 'node_modules/.bin');

type Report = {
  mode: 'feed' | 'changes';
  seq: number;
  stones: number;
  events: number;
  refreshed: number;
  removed: number;
  checkout: { stock_code: string; status: string; price: { amount: string } | null }[];
};

/** Serves the test app's calls (each answer still held against the document) on a free port. */
async function listen(t: LinkTestApp): Promise<string> {
  const server = serve({ fetch: (req) => t.app.request(req), hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((ok) => server.once('listening', ok));
  onTestFinished(() => new Promise<void>((ok) => server.close(() => ok())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}${LINK_BASE}`;
}

/** examples/generated/link-api.d.ts from the served document (written whole, then renamed). */
async function generateTypes(base: string): Promise<void> {
  const doc = await (await fetch(`${base}/openapi.json`)).json();
  const source = astToString(await openapiTS(doc));
  mkdirSync(join(EXAMPLES, 'generated'), { recursive: true });
  const file = join(EXAMPLES, 'generated', 'link-api.d.ts');
  writeFileSync(`${file}.${process.pid}.tmp`, source);
  renameSync(`${file}.${process.pid}.tmp`, file);
}

async function syncRun(base: string, key: string, state: string, codes: string[]): Promise<Report> {
  const { stdout } = await run(join(BIN, 'node'), [join(EXAMPLES, 'sync.ts'), state, ...codes], {
    env: { PATH: process.env.PATH, FACET_LINK_URL: base, FACET_LINK_KEY: key },
  });
  return JSON.parse(stdout) as Report;
}

const inStock = async (t: LinkTestApp) =>
  (await t.db.select({ code: diamonds.stockCode }).from(diamonds).where(eq(diamonds.inStock, true))).map((r) => r.code);

describe.skipIf(TEST_ENGINE !== 'sqlite')('the typed client example (examples/sync.ts)', () => {
  it('compiles under tsc --strict against types generated from the served document, and syncs the stock', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'sync@jeweller.example', 'trade');
    const base = await listen(t);
    await generateTypes(base);

    const tsc = await run(join(BIN, 'tsc'), ['-p', join(EXAMPLES, 'tsconfig.json'), '--strict', '--noEmit']).then(
      () => ({ code: 0, out: '' }),
      (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
    );
    expect(tsc.out).toBe('');
    expect(tsc.code).toBe(0);

    const dir = mkdtempSync(join(tmpdir(), 'facet-sync-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const state = join(dir, 'stock.json');
    const codes = await inStock(t);
    const [kept, gone] = codes;

    // first run: the whole feed
    const first = await syncRun(base, key, state, [kept!, gone!, 'NO-SUCH-STONE']);
    expect(first).toMatchObject({ mode: 'feed', stones: codes.length, events: 0 });
    expect(first.checkout.map((a) => [a.stock_code, a.status])).toEqual([
      [kept, 'in_stock'],
      [gone, 'in_stock'],
      ['NO-SUCH-STONE', 'unknown'],
    ]);

    // the stock changes: a new stone, a new price, one stone leaves
    t.clock.advance(60_000);
    await t.importCsv('StkCodeCalcNS,StkShape,STWeight,price,StkCatType\nSYNC-NEW-1,Round,0.7,1500,Single Item\n');
    await t.importCsv(`StkCodeCalcNS,price\n${kept},98765.43\n`);
    const rest = await t.db.select().from(diamonds).where(eq(diamonds.inStock, true));
    const keep = rest
      .filter((r) => r.stockCode !== gone)
      .map((r) => `${r.stockCode},"${r.comments.replace(/"/g, '""')}"`);
    await t.importCsv(['StkCodeCalcNS,Comments', ...keep].join('\n'), true); // a full import without `gone`

    // second run: only the changes, applied to the kept state
    const second = await syncRun(base, key, state, [kept!, gone!]);
    expect(second).toMatchObject({ mode: 'changes', stones: codes.length, removed: 1, refreshed: 2 });
    expect(second.seq).toBeGreaterThan(first.seq);
    const live = ((await (await t.call(`/stones/${kept}`, key)).json()) as { price: { amount: string } }).price;
    expect(live.amount).not.toBe(first.checkout[0]!.price!.amount);
    expect(second.checkout.map((a) => [a.stock_code, a.status, a.price?.amount ?? null])).toEqual([
      [kept, 'in_stock', live.amount],
      [gone, 'gone', null],
    ]);
    const synced = JSON.parse(readFileSync(state, 'utf8')) as {
      seq: number;
      stones: Record<string, { price: { amount: string } | null }>;
    };
    expect(synced.seq).toBe(second.seq);
    expect(Object.keys(synced.stones).sort()).toEqual((await inStock(t)).sort());
    expect(synced.stones['SYNC-NEW-1']).toBeDefined();
    expect(synced.stones[kept!]!.price?.amount).toBe(live.amount);
  }, 120_000);
});
