/**
 * A client page's prices: exactly trade x (1 + markup) in the page's currency, for several
 * markups and currencies (rates fixed so the worked figures are written out), and no trade
 * figure anywhere in what the client is sent.
 */
import { describe, expect, it } from 'vitest';
import { PRICE_FIELDS } from '../../src/domain/diamond.ts';
import {
  clientPageSetup,
  clientView,
  fixRates,
  makePage,
  pageInput,
  priceStone,
  readAsClient,
} from './client-page-fixtures.ts';

describe('client prices', () => {
  it('are trade x (1 + markup) in the chosen currency, rounded as the site rounds', async () => {
    const { t, agent, single, parcel } = await clientPageSetup();
    await fixRates(t);
    await priceStone(t, single.id, { priceCents: 123_400 }); // $1,234
    await priceStone(t, parcel.id, { ppcCents: 9_640 }); // £96.40 per carat
    // $1,234 is £987.20, shown as £987; ¥188,061.60 shown as ¥188,062; €1,155.02 shown as €1,155.
    // £96.40 per carat is $120.50, ¥18,364.20 and €112.79 (112.788).
    const cases: [number, string, number, number][] = [
      // markup %, currency, the stone, the parcel per carat
      [0, 'USD', 1234, 120.5],
      [12.5, 'USD', 1388, 135.56], // 1234 x 1.125 = 1388.25; 120.50 x 1.125 = 135.5625
      [10, 'GBP', 1086, 106.04], // 987 x 1.1 = 1085.7; 96.40 x 1.1
      [33.3, 'JPY', 250_687, 24_479.48], // 188,062 x 1.333 = 250,686.646; 18,364.20 x 1.333 = 24,479.4786
      [300, 'EUR', 4620, 451.16], // 1155 x 4; 112.79 x 4
    ];
    for (const [markupPct, currency, stone, perCarat] of cases) {
      const page = await makePage(agent, pageInput([single.id, parcel.id], { markupPct, currency }));
      const [s, p] = (await clientView(t, page)).stones;
      expect(s!.price, `${markupPct} % ${currency}`).toEqual({ amount: stone, currency, unit: 'stone' });
      expect(p!.price, `${markupPct} % ${currency}`).toEqual({ amount: perCarat, currency, unit: 'carat' });
    }
  });
});

describe('no trade figure reaches the client', () => {
  it('leaves out the trade price, RAP, special price, availability and a hidden stock code', async () => {
    const { t, agent, single } = await clientPageSetup();
    await fixRates(t);
    await priceStone(t, single.id, {
      priceCents: 432_187, // $4,321.87, shown to the trader as $4,322
      exWebTotalCents: 517_733,
      rap: -41.37,
      stockCode: 'LEAKCODE7731',
    });
    const page = await makePage(agent, pageInput([single.id], { markupPct: 10, currency: 'USD' }));
    const res = await readAsClient(t, page);
    const text = await res.text();
    const body = JSON.parse(text) as { stones: { price: { amount: number } }[] };
    expect(body.stones[0]!.price.amount).toBe(4754); // 4322 x 1.1 = 4754.2
    for (const secret of ['4321.87', '4322', '432187', '5177.33', '517733', '-41.37', '41.37', 'LEAKCODE7731'])
      expect(text, secret).not.toContain(secret);
    // the client price is the only "price" key: the trade doc's fields are all left out
    expect(Object.keys(body.stones[0]!.price).sort()).toEqual(['amount', 'currency', 'unit']);
    for (const key of [...PRICE_FIELDS.filter((k) => k !== 'price'), 'StkCodeCalcNS', '_id'])
      expect(text).not.toContain(`"${key}"`);
  });
});
