import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BagLineView } from '../../src/domain/bag/view.ts';
import { $bag, lineError, outgoingPatch, patchedLine, updateLine } from '../../src/stores/bag.ts';
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

describe('what is typed on screen is never put back by an older answer', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("a unit switch's answer arriving after an invalid count was typed leaves the typed count", async () => {
    vi.useFakeTimers();
    let answer: (bag: BagLineView[]) => void = () => {};
    const asked: string[] = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      asked.push(`${init?.method} ${String(input)}`);
      return new Promise<Response>((done) => (answer = (bag) => done(Response.json({ bag }))));
    });
    $bag.set({ status: 'ready', lines: [line()] });
    updateLine(1, { selectedUnit: 'items' }); // on screen: Items, 1
    await vi.advanceTimersByTimeAsync(400); // sent
    expect(asked).toEqual(['PATCH /api/v1/profile/bag/1']);
    updateLine(1, { quantity: 999_999_999 }); // typed: more stones than the parcel holds, never sent
    await vi.advanceTimersByTimeAsync(400);
    expect(asked).toHaveLength(1);
    answer([line({ selectedUnit: 'items', quantity: 1 })]); // the server's answer to the switch
    await vi.advanceTimersByTimeAsync(0);
    expect($bag.get().lines[0]).toMatchObject({ selectedUnit: 'items', quantity: 999_999_999 });
  });
});
