/**
 * POST /api/v1/diamonds/lookup: a signed-in trader's pasted list of stock codes and
 * certificate numbers, mixed, answered found / gone (with when) / unknown in the order asked,
 * by the same rule as API Link's lookup; visitors 401; no prices in the answer; over 500 is 400.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamonds } from '../../db/tables.ts';
import { errorOf, insertUser, signIn } from './auth-helpers.ts';
import { createLinkTestApp } from './link-fixtures.ts';

type Item = { code: string; status: string; matched_by: string | null; id: number | null; gone_at: string | null };

describe('the pasted list lookup', () => {
  it('answers found, gone with when and unknown for codes and certificates, mixed', async () => {
    const t = await createLinkTestApp();
    const user = await insertUser(t.db);
    const agent = await signIn(t, user.email, user.password);
    const rows = await t.db.select().from(diamonds).where(eq(diamonds.inStock, true));
    const [withCert, other, toGo] = rows.filter((r) => r.certNumber !== '');

    t.clock.advance(60_000);
    const rest = rows.filter((r) => r.id !== toGo!.id).map((r) => r.stockCode);
    await t.importCsv(['StkCodeCalcNS,Comments', ...rest.map((c) => `${c},`)].join('\n'), true);

    const codes = [withCert!.certNumber, other!.stockCode, toGo!.stockCode, 'NEVER-KNOWN'];
    const res = await agent.json('/diamonds/lookup', 'POST', { codes });
    expect(res.status).toBe(200);
    const text = await res.text();
    const { data } = JSON.parse(text) as { data: Item[] };
    expect(data.map((d) => [d.code, d.status, d.matched_by, d.id])).toEqual([
      [withCert!.certNumber, 'found', 'certificate_number', withCert!.id],
      [other!.stockCode, 'found', 'stock_code', other!.id],
      [toGo!.stockCode, 'gone', 'stock_code', toGo!.id],
      ['NEVER-KNOWN', 'unknown', null, null],
    ]);
    expect(data[2]!.gone_at).toBe(new Date(t.clock.now()).toISOString());
    expect(text).not.toMatch(/price|ppc|rap/i);
  });

  it('finds codes and certificate numbers in any letter case, as the code search does', async () => {
    const t = await createLinkTestApp();
    const user = await insertUser(t.db);
    const agent = await signIn(t, user.email, user.password);
    const rows = await t.db.select().from(diamonds).where(eq(diamonds.inStock, true));
    const stone = rows.find((r) => /[A-Z]/.test(r.stockCode))!;
    const certified = rows.find((r) => /[A-Z]/.test(r.certNumber) && r.id !== stone.id);
    const cert = certified ?? rows.find((r) => r.certNumber !== '' && r.id !== stone.id)!;
    const codes = [stone.stockCode.toLowerCase(), ` ${cert.certNumber.toLowerCase()} `];
    const res = await agent.json('/diamonds/lookup', 'POST', { codes });
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Item[] };
    expect(data.map((d) => [d.status, d.matched_by, d.id])).toEqual([
      ['found', 'stock_code', stone.id],
      ['found', 'certificate_number', cert.id],
    ]);
  });

  it('refuses visitors and lists over 500 codes', async () => {
    const t = await createLinkTestApp();
    const visitor = await t.json('/diamonds/lookup', 'POST', { codes: ['FT-1'] });
    expect(visitor.status).toBe(401);
    expect((await errorOf(visitor)).msg).toBe('not_signed_in');

    const user = await insertUser(t.db);
    const agent = await signIn(t, user.email, user.password);
    const tooMany = await agent.json('/diamonds/lookup', 'POST', {
      codes: Array.from({ length: 501 }, (_, i) => `C${i}`),
    });
    expect(tooMany.status).toBe(400);
    const empty = await agent.json('/diamonds/lookup', 'POST', { codes: [] });
    expect(empty.status).toBe(400);
  });
});
