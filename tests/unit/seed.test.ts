/**
 * The demo-data generator: deterministic, a believable mix, ranks that agree with their
 * labels, media and content that point at real files, and demo accounts only outside
 * production.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, is } from 'drizzle-orm';
import { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { migrateDb, openDb, type Db } from '../../db/client.ts';
import * as schema from '../../db/tables.ts';
import { DEMO_ACCOUNTS, RESET_ORDER, resetDatabase, seedDatabase, stoneCount } from '../../db/seed/index.ts';
import { BASE_DATE } from '../../db/seed/diamonds.ts';
import { SPIN_SET, spinFrame } from '../../db/seed/media.ts';
import { verifyPassword } from '../../api/services/accounts/passwords.ts';
import { clarityRank, colourRank, finishRank, fluorescenceRank } from '../../src/domain/grades.ts';
import { SHAPES_WITH_IMAGES, shapeImage } from '../../src/domain/diamond.ts';

const STONES = 500;
const PUBLIC = fileURLToPath(new URL('../../public/', import.meta.url));
const publicFile = (src: string) => join(PUBLIC, src.replace(/^\//, ''));
/** certificate PDFs live outside the public site (CERTIFICATES_DIR's default) */
const CERTIFICATES = fileURLToPath(new URL('../../media/certificates/', import.meta.url));

let dir: string;
const opened: Db[] = [];

async function seeded(name: string, production = false): Promise<Db> {
  const db = await openDb(join(dir, `${name}.db`));
  opened.push(db);
  await migrateDb(db);
  await seedDatabase(db, { stones: STONES, production });
  return db;
}

const stockList = async (db: Db) =>
  await db
    .select({
      code: schema.diamonds.stockCode,
      price: schema.diamonds.priceCents,
      ppc: schema.diamonds.ppcCents,
      special: schema.diamonds.webSpecialCents,
      weight: schema.diamonds.weight,
      createdAt: schema.diamonds.createdAt,
    })
    .from(schema.diamonds)
    .orderBy(asc(schema.diamonds.id));

let a: Db;
let b: Db;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'facet-seed-test-'));
  a = await seeded('a');
  b = await seeded('b');
});

afterAll(async () => {
  for (const db of opened) await db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('seedDatabase', () => {
  it('gives the same stock codes, prices and dates for the same number of stones', async () => {
    const first = await stockList(a);
    expect(first).toHaveLength(STONES);
    expect(await stockList(b)).toEqual(first);
    expect(first[0]!.createdAt.getTime()).toBe(BASE_DATE);
    expect(first[STONES - 1]!.createdAt.getTime()).toBe(BASE_DATE + (STONES - 1) * 60_000);
  });

  it('gives every stone a unique stock code in its category series', async () => {
    const codes = (await stockList(a)).map((s) => s.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^FT-[SLP]-\d{6}$/);
  });

  it('stocks natural singles, lab-grown singles and parcels in a believable mix', async () => {
    const rows = await a.select().from(schema.diamonds);
    const natural = rows.filter((d) => d.catType === 'Single Item' && d.source === '');
    const lab = rows.filter((d) => d.catType === 'Single Item' && d.source === 'Lab Grown');
    const parcels = rows.filter((d) => d.catType === 'Multiple Items');
    expect(natural.length / STONES).toBeGreaterThan(0.7);
    expect(lab.length / STONES).toBeGreaterThan(0.05);
    expect(parcels.length / STONES).toBeGreaterThan(0.05);
    expect(lab.every((d) => d.catName === 'Lab Grown Diamonds' && d.stockCode.startsWith('FT-L-'))).toBe(true);
    // parcels: a per-stone size range, a GBP price per carat, no USD price
    for (const p of parcels) {
      expect(p.sizeFrom).toBeLessThan(p.sizeTo!);
      expect(p.ppcCents).toBeGreaterThan(0);
      expect(p.priceCents).toBeNull();
      expect(p.weight).toBeGreaterThan(p.sizeTo!);
    }
    expect(parcels.some((p) => p.colourFrom !== p.colourTo)).toBe(true);
    // singles: priced, ExWebTotal = price, specials below price
    for (const s of [...natural, ...lab]) {
      expect(s.exWebTotalCents).toBe(s.priceCents);
      if (s.webSpecialCents > 0) expect(s.webSpecialCents).toBeLessThan(s.priceCents!);
    }
    const rounds = natural.filter((d) => d.shape === 'Round').length;
    expect(rounds / natural.length).toBeGreaterThan(0.45);
  });

  it('prices lab-grown stones well below natural stones of similar size', async () => {
    const rows = await a.select().from(schema.diamonds).where(eq(schema.diamonds.catType, 'Single Item'));
    const perCarat = (lab: boolean) => {
      const list = rows.filter((d) => (d.source === 'Lab Grown') === lab && d.weight >= 1 && d.weight < 2);
      return list.reduce((sum, d) => sum + d.priceCents! / d.weight, 0) / list.length;
    };
    expect(perCarat(true)).toBeLessThan(perCarat(false) * 0.35);
  });

  it('stores every range rank as grades.ts ranks its label', async () => {
    const rows = await a.select().from(schema.diamonds);
    for (const d of rows) {
      expect(d.colourFromRank).toBe(colourRank(d.colourFrom));
      expect(d.colourToRank).toBe(colourRank(d.colourTo));
      expect(d.clarityFromRank).toBe(clarityRank(d.clarityFrom));
      expect(d.clarityToRank).toBe(clarityRank(d.clarityTo));
      expect(d.cutFromRank).toBe(finishRank(d.cutFrom));
      expect(d.cutToRank).toBe(finishRank(d.cutTo));
      expect(d.polishFromRank).toBe(finishRank(d.polishFrom));
      expect(d.polishToRank).toBe(finishRank(d.polishTo));
      expect(d.symmetryFromRank).toBe(finishRank(d.symmetryFrom));
      expect(d.symmetryToRank).toBe(finishRank(d.symmetryTo));
      expect(d.fluorescenceFromRank).toBe(fluorescenceRank(d.fluorescenceFrom));
      expect(d.fluorescenceToRank).toBe(fluorescenceRank(d.fluorescenceTo));
      expect(d.colourFrom).not.toBeNull();
      expect(d.clarityFrom).not.toBeNull();
      if (d.colourFromRank != null) expect(d.colourFromRank).toBeLessThanOrEqual(d.colourToRank!);
    }
  });

  it('measures a one-carat round at about 6.5 mm across, with depth % matching its parts', async () => {
    const rows = await a.select().from(schema.diamonds).where(eq(schema.diamonds.shape, 'Round'));
    const oneCarat = rows.filter((d) => d.catType === 'Single Item' && d.weight >= 0.98 && d.weight <= 1.05);
    expect(oneCarat.length).toBeGreaterThan(0);
    for (const d of oneCarat) {
      expect(d.mes2).toBeGreaterThan(6.2);
      expect(d.mes1).toBeLessThan(6.8);
      expect(d.mes3! / d.mes2!).toBeCloseTo(d.depthTotal! / 100, 1);
      expect(d.depthTotal).toBeCloseTo(d.depthCrown! + d.depthGirdle! + d.depthPavilion!, 1);
    }
  });

  it('points every media row, certificate and shape image at a file that exists', async () => {
    const media = await a.select().from(schema.diamondMedia);
    expect(media.some((m) => m.type === 'image')).toBe(true);
    for (const m of media) {
      if (m.type === 'image') expect(existsSync(publicFile(m.src)), m.src).toBe(true);
      else {
        expect(m).toMatchObject({ src: SPIN_SET.src, framesCount: 36, format: 'svg' });
        for (let i = 0; i < m.framesCount!; i++)
          expect(existsSync(publicFile(spinFrame(m.src, i, m.format!)))).toBe(true);
      }
    }
    const certificates = await a.select().from(schema.diamondCertificates);
    expect(certificates.length).toBeGreaterThan(0);
    for (const c of certificates) {
      expect(existsSync(join(CERTIFICATES, c.src)), c.src).toBe(true);
      expect(existsSync(publicFile(`media/certificates/${c.src}`)), 'not in the public site').toBe(false);
    }
    for (const shape of SHAPES_WITH_IMAGES) {
      for (const path of [
        shapeImage(shape, 'Single Item'),
        shapeImage(shape, 'Single Item', 'side'),
        shapeImage(shape, 'Multiple Items'),
      ]) {
        expect(existsSync(publicFile(path)), path).toBe(true);
      }
    }
  });

  it('loads the starter blocks and posts, with images that exist and one draft post', async () => {
    const blocks = await a.select().from(schema.siteBlocks);
    expect(blocks.find((x) => x.id === 'home_welcome_title')?.value).toBe('Every facet of the Diamond Industry');
    for (const x of blocks.filter((x) => x.type === 'image')) expect(existsSync(publicFile(x.url!)), x.url!).toBe(true);
    expect(blocks.filter((x) => x.id.startsWith('footer_logo_'))).toHaveLength(5);
    const posts = await a.select().from(schema.posts);
    expect(posts).toHaveLength(8);
    expect(posts.filter((p) => p.status === 'draft')).toHaveLength(1);
    for (const p of posts) {
      expect(p.url).toMatch(/^\/news\/[a-z0-9-]+$/);
      expect(existsSync(publicFile(p.src))).toBe(true);
      expect(p.content).toMatch(/^<p>/);
      expect(p.content).not.toMatch(/<script|onerror/i);
    }
  });

  it('seeds GBP as the default currency with the other four rates', async () => {
    const rates = await a.select().from(schema.exchangeRates);
    expect(rates.map((r) => r.currency).sort()).toEqual(['EUR', 'GBP', 'JPY', 'NZD', 'USD']);
    expect(rates.filter((r) => r.isDefault).map((r) => r.currency)).toEqual(['GBP']);
    const types = (await a.select({ type: schema.configs.type }).from(schema.configs)).map((c) => c.type);
    expect(types.sort()).toEqual(['diamond_available', 'registration_messages', 'site']);
  });

  it('creates the demo trader, approved and verified, whose password verifies', async () => {
    const trader = DEMO_ACCOUNTS.find((x) => x.role === 'user')!;
    const user = (await a.select().from(schema.users).where(eq(schema.users.email, trader.email)))[0];
    expect(user).toMatchObject({ role: 'user', status: 'approved' });
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await verifyPassword(user!.passwordHash, trader.password)).toBe(true);
    expect(await verifyPassword(user!.passwordHash, 'wrong password')).toBe(false);
    const admin = (await a.select().from(schema.users).where(eq(schema.users.email, 'admin@facet.trade')))[0];
    expect(admin).toMatchObject({ role: 'admin', status: 'approved' });
    const statuses = (await a.select({ s: schema.users.status }).from(schema.users)).map((u) => u.s);
    expect(statuses).toEqual(expect.arrayContaining(['pending', 'unverified']));
  });

  it('gives the second trader (API Link) a few holds and the demo trader one ending within the hour', async () => {
    const db = await openDb(join(dir, 'holds.db'));
    opened.push(db);
    await migrateDb(db);
    const before = Date.now();
    await seedDatabase(db, { stones: STONES, production: false, demoHolds: true });
    const rows = await db
      .select({ email: schema.users.email, api: schema.users.apiAllow, expiresAt: schema.holds.expiresAt })
      .from(schema.holds)
      .innerJoin(schema.users, eq(schema.users.id, schema.holds.userId));
    const jeweller = rows.filter((r) => r.email === 'jeweller@facet.trade');
    expect(jeweller).toHaveLength(3);
    expect(jeweller[0]!.api).toBe(true);
    const mine = rows.filter((r) => r.email === 'trader@facet.trade');
    expect(mine).toHaveLength(1);
    expect(mine[0]!.expiresAt.getTime() - before).toBeLessThan(3600_000);
    expect(mine[0]!.expiresAt.getTime()).toBeGreaterThan(before);
    const account = DEMO_ACCOUNTS.find((x) => x.email === 'jeweller@facet.trade')!;
    const [user] = await db.select().from(schema.users).where(eq(schema.users.email, account.email));
    expect(await verifyPassword(user!.passwordHash, 'Jeweller#2026')).toBe(true);
  });

  it('seeds no demo stones, posts or accounts in production, but the rates, settings and site texts', async () => {
    const prod = await seeded('prod', true);
    expect(await prod.select().from(schema.users)).toHaveLength(0);
    expect(await stoneCount(prod)).toBe(0);
    expect(await prod.select().from(schema.posts)).toHaveLength(0);
    expect(await prod.select().from(schema.exchangeRates)).toHaveLength(5);
    expect((await prod.select().from(schema.configs)).length).toBeGreaterThan(0);
    expect((await prod.select().from(schema.siteBlocks)).length).toBeGreaterThan(0);
  });

  it('refuses to seed a database that already holds stones, and reset empties every table', async () => {
    await expect(seedDatabase(b, { stones: 10, production: false })).rejects.toThrow(/already holds/);
    const tables = Object.values(schema).filter((x) => is(x, SQLiteTable));
    expect(new Set(RESET_ORDER)).toEqual(new Set(tables));
    await resetDatabase(b);
    for (const t of tables) expect(await b.select().from(t as SQLiteTable)).toHaveLength(0);
    await seedDatabase(b, { stones: 20, production: false });
    expect(await stockList(b)).toEqual((await stockList(a)).slice(0, 20));
  });
});
