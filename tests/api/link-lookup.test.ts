/**
 * Lookups: `certificate_number` filters /stones; POST /stones/lookup takes up to 500 stock codes
 * or certificate numbers, mixed, and answers found (the full stone in the asked currency), gone
 * (with when) or unknown, in the order asked.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { diamonds } from '../../db/tables.ts';
import { body, createLinkTestApp, linkKeyFor } from './link-fixtures.ts';

type Stone = { stock_code: string; certificate_number: string | null; price: { currency: string } | null };
type Item = { code: string; matched_by: string | null; status: string; stone: Stone | null; gone_at: string | null };

describe('API Link lookups', () => {
  it('filters /stones by certificate number and looks up codes and certificates, mixed', async () => {
    const t = await createLinkTestApp();
    const key = await linkKeyFor(t, 'trade@example.com', 'trade');
    const rows = await t.db.select().from(diamonds).where(eq(diamonds.inStock, true));
    const [withCert, other, toGo] = rows.filter((r) => r.certNumber !== '');
    const filtered = await body<{ data: Stone[] }>(
      await t.call(`/stones?certificate_number=${encodeURIComponent(withCert!.certNumber)}`, key),
    );
    expect(filtered.data.map((s) => s.stock_code)).toEqual([withCert!.stockCode]);

    // one stone leaves the stock
    t.clock.advance(60_000);
    const rest = rows.filter((r) => r.id !== toGo!.id).map((r) => r.stockCode);
    await t.importCsv(['StkCodeCalcNS,Comments', ...rest.map((c) => `${c},`)].join('\n'), true);

    const codes = [withCert!.certNumber, other!.stockCode, toGo!.certNumber, 'NEVER-KNOWN'];
    const res = await t.post('/stones/lookup', key, { codes, currency: 'USD' });
    expect(res.status).toBe(200);
    const { data } = await body<{ data: Item[] }>(res);
    expect(data.map((d) => [d.code, d.status, d.matched_by])).toEqual([
      [withCert!.certNumber, 'found', 'certificate_number'],
      [other!.stockCode, 'found', 'stock_code'],
      [toGo!.certNumber, 'gone', 'certificate_number'],
      ['NEVER-KNOWN', 'unknown', null],
    ]);
    expect(data[0]!.stone?.stock_code).toBe(withCert!.stockCode);
    expect(data[1]!.stone?.price === null || data[1]!.stone?.price?.currency === 'USD').toBe(true);
    expect(data[2]!.gone_at).toBe(new Date(t.clock.now()).toISOString());

    const tooMany = await t.post('/stones/lookup', key, { codes: Array.from({ length: 501 }, (_, i) => `C${i}`) });
    expect(tooMany.status).toBe(400);
  });
});
