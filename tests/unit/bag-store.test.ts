import { describe, expect, it } from 'vitest';
import type { BagLineView } from '../../src/domain/bag/view.ts';
import { lineError, outgoingPatch, patchedLine } from '../../src/stores/bag.ts';
import { parcel, stone } from './catalogue/factory.ts';

const line = (over: Partial<BagLineView> = {}): BagLineView => ({
  diamondId: 1,
  type: 'parcel',
  selectedUnit: 'weight',
  quantity: 0.05,
  acceptsAlternatives: false,
  inStock: true,
  addedAt: '2026-01-01T00:00:00.000Z',
  stock: parcel({ _id: 1, STWeight: 2 }),
  ccy: 'GBP',
  ppc: null,
  itemPrice: null,
  ...over,
});

describe('bag lines on screen follow the server rules', () => {
  it('a unit switch resets the quantity (items 1, weight 0.01); the same unit keeps it', () => {
    expect(patchedLine(line(), { selectedUnit: 'items' })).toMatchObject({ selectedUnit: 'items', quantity: 1 });
    expect(patchedLine(line({ selectedUnit: 'items', quantity: 4 }), { selectedUnit: 'weight' })).toMatchObject({
      selectedUnit: 'weight',
      quantity: 0.01,
    });
    expect(patchedLine(line(), { selectedUnit: 'weight' }).quantity).toBe(0.05);
  });

  it('a single never switches unit', () => {
    const single = line({ type: 'single', quantity: 1, stock: stone({ _id: 2 }) });
    expect(patchedLine(single, { selectedUnit: 'items' })).toMatchObject({ selectedUnit: 'weight', quantity: 1 });
  });

  it('flags a quantity the server would refuse', () => {
    expect(lineError(line({ quantity: 0 }))).toBe('Quantity must be above 0');
    expect(lineError(line({ quantity: 2.01 }))).toBe('Weight cannot be above the parcel weight');
    expect(lineError(line({ quantity: 0.3 }))).toBeNull();
  });

  it('a unit switch is sent with the quantity on screen, so merged switches cannot keep an older one', () => {
    // on screen: 0.02 ct, then Items, then Weight again within one send: 0.01 ct
    const shown = patchedLine(patchedLine(line({ quantity: 0.02 }), { selectedUnit: 'items' }), {
      selectedUnit: 'weight',
    });
    expect(shown.quantity).toBe(0.01);
    expect(outgoingPatch(shown, { selectedUnit: 'weight' })).toEqual({ selectedUnit: 'weight', quantity: 0.01 });
    // an invalid quantity is never sent
    expect(outgoingPatch(line({ quantity: 0 }), { quantity: 0 })).toEqual({});
  });
});
