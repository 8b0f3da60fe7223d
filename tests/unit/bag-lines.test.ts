import { describe, expect, it } from 'vitest';
import {
  amountsAgree,
  BagRequestSchema,
  formatQuantity,
  lineQuantity,
  initialQuantity,
  productName,
  quantityError,
  quantityForUnit,
  stepQuantity,
  maxItemsOf,
  maxOf,
  limitsOfDoc,
  totalOf,
  priceLine,
} from '../../src/domain/bag/index.ts';
import * as v from 'valibot';
import { stone } from './catalogue/factory.ts';

const RATES = [
  { currency: 'GBP', ExRate: 1, default: true },
  { currency: 'USD', ExRate: 1.27 },
];

describe('bag line units and quantities', () => {
  it('switching to weight sets 0.01, switching to items sets 1', () => {
    expect(quantityForUnit('weight')).toBe(0.01);
    expect(quantityForUnit('items')).toBe(1);
  });

  it('a single starts at 1 (the whole stone), a parcel at 0.01 ct', () => {
    expect(initialQuantity('single')).toBe(1);
    expect(initialQuantity('parcel')).toBe(0.01);
    expect(initialQuantity('parcel', 'items')).toBe(1);
  });

  it('weight steps by 0.01 ct without float drift, items by 1, never below one step or above the parcel', () => {
    expect(stepQuantity('weight', 0.07, 1)).toBe(0.08);
    expect(stepQuantity('weight', 0.01, -1)).toBe(0.01);
    expect(stepQuantity('weight', 1.5, 1, 1.5)).toBe(1.5);
    expect(stepQuantity('items', 3, 1)).toBe(4);
    expect(stepQuantity('items', 1, -1)).toBe(1);
  });

  it.each([
    ['parcel', 'weight', 0, 'Quantity must be above 0'],
    ['parcel', 'weight', -0.01, 'Quantity must be above 0'],
    ['parcel', 'weight', 0.015, 'Weight is in steps of 0.01 ct'],
    ['parcel', 'weight', 2.5, 'Weight cannot be above the parcel weight'],
    ['parcel', 'items', 1.5, 'Items are counted in whole numbers'],
    ['parcel', 'weight', Number.NaN, 'Quantity is required'],
    ['single', 'weight', 0.5, 'A single stone is bought whole'],
  ] as const)('%s in %s mode refuses %s', (kind, unit, q, msg) => {
    expect(quantityError(kind, unit, q, { weight: 2 })).toBe(msg);
  });

  it('accepts 0.29 ct (a float that is not exactly 2 decimals in binary) and a whole count', () => {
    expect(quantityError('parcel', 'weight', 0.29, { weight: 2 })).toBeNull();
    expect(quantityError('parcel', 'items', 12)).toBeNull();
    expect(quantityError('single', 'weight', 1)).toBeNull();
  });

  it('shows 0.05 ct in weight mode and a count in items mode', () => {
    expect(formatQuantity('weight', 0.05)).toBe('0.05 ct');
    expect(formatQuantity('items', 3)).toBe('3');
  });

  it('a single stone has no quantity; a parcel shows its weight or its stone count', () => {
    expect(lineQuantity({ type: 'single', selectedUnit: 'weight', quantity: 1 })).toBeNull();
    expect(lineQuantity({ type: 'parcel', selectedUnit: 'weight', quantity: 2.5 })).toBe('2.50 ct');
    expect(lineQuantity({ type: 'parcel', selectedUnit: 'items', quantity: 12 })).toBe('12 items');
    expect(lineQuantity({ type: 'parcel', selectedUnit: 'items', quantity: 1 })).toBe('1 item');
  });
});

describe('bag prices and total', () => {
  const single = stone({ _id: 1, price: 1270, STWeight: 0.5 });
  const parcel = stone({ _id: 2, StkCatType: 'Multiple Items', ppc: 1000, STWeight: 20, price: null });

  it('a parcel by weight costs converted ppc x carats; by items it is N/A and so is the total', () => {
    const byWeight = { stock: parcel, selectedUnit: 'weight' as const, quantity: 0.25 };
    expect(priceLine(byWeight, 'GBP', RATES)).toEqual({ ppc: 1000, itemPrice: 250 });
    expect(priceLine(byWeight, 'USD', RATES)).toEqual({ ppc: 1270, itemPrice: 317.5 });
    const lines = [{ stock: single, selectedUnit: 'weight' as const, quantity: 1 }, byWeight];
    expect(totalOf(lines, 'GBP', RATES)).toBe(1250);
    const byItems = { ...byWeight, selectedUnit: 'items' as const, quantity: 1 };
    expect(priceLine(byItems, 'GBP', RATES).itemPrice).toBeNull();
    expect(totalOf([lines[0]!, byItems], 'GBP', RATES)).toBeNull();
  });

  it('client and server totals agree within a cent, and N/A only with N/A', () => {
    expect(amountsAgree(100.01, 100)).toBe(true);
    expect(amountsAgree(100.02, 100)).toBe(false);
    expect(amountsAgree('N/A', null)).toBe(true);
    expect(amountsAgree(100, null)).toBe(false);
    expect(amountsAgree('N/A', 100)).toBe(false);
  });

  it('names a single by weight, shape and grades, a parcel by shape and size', () => {
    expect(productName(stone({ STWeight: 1.02, StkShape: 'ROUND', colour: 'D', clarity: 'VS1' }))).toBe(
      '1.02ct Round D VS1',
    );
    expect(
      productName(
        stone({
          StkCatType: 'Multiple Items',
          StkShape: 'pear',
          colour: ['F', 'H'],
          clarity: 'SI1',
          size: [0.01, 0.03],
        }),
      ),
    ).toBe('Pear parcel 0.01-0.03ct F-H SI1');
  });
});

describe('the bag request payload schema', () => {
  const good = {
    bagItems: [
      { stock: 4, itemPrice: 10, type: 'single' },
      { stock: '7', ppc: 5, type: 'parcel' },
    ],
    orderNotes: 'x',
    acceptsAnyAlternatives: true,
    ccy: 'GBP',
    totalPrice: 'N/A',
    ExRate: 1,
  };
  it('accepts the spec payload (string ids too) and N/A totals', () => {
    const out = v.parse(BagRequestSchema, good);
    expect(out.bagItems.map((i) => i.stock)).toEqual([4, 7]);
  });
  it.each([
    ['no items', { bagItems: [] }],
    ['a zero quantity', { bagItems: [{ stock: 4, type: 'single', quantity: 0 }] }],
    ['a negative price', { bagItems: [{ stock: 4, type: 'single', itemPrice: -1 }] }],
    ['another type', { bagItems: [{ stock: 4, type: 'ring' }] }],
    ['an unknown currency', { ccy: 'XXX' }],
    ['a text total', { totalPrice: 'lots' }],
    ['a zero rate', { ExRate: 0 }],
  ])('refuses %s', (_name, over) => {
    expect(v.safeParse(BagRequestSchema, { ...good, ...over }).success).toBe(false);
  });
});

describe("a parcel's item count", () => {
  it('is bounded by the stones the parcel holds: its weight over its smallest stone size', () => {
    expect(maxItemsOf(2.5, 0.05)).toBe(50);
    expect(maxItemsOf(0.29, 0.01)).toBe(29);
    expect(maxItemsOf(1, null)).toBe(1000);
    const limits = { weight: 2.5, items: 50, name: 'P-123' };
    expect(quantityError('parcel', 'items', 50, limits)).toBeNull();
    expect(quantityError('parcel', 'items', 51, limits)).toBe('Parcel P-123 holds at most 50 stones');
    expect(quantityError('parcel', 'items', 999_999_999, { items: 1200 })).toBe(
      'This parcel holds at most 1,200 stones',
    );
  });

  it('steps up to the limit and no further', () => {
    expect(stepQuantity('items', 50, 1, 50)).toBe(50);
    expect(maxOf('items', limitsOfDoc({ STWeight: 2.5, Size: { From: '0.05' } }))).toBe(50);
    expect(maxOf('weight', limitsOfDoc({ STWeight: 2.5 }))).toBe(2.5);
  });
});
