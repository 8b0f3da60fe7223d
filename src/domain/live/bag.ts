/**
 * The bag follows the live stream: its lines take the stone's new row (price, details) and
 * whether it is still in stock, and each line says plainly, before the buyer presses Send,
 * when its stone went on hold for someone else, was reserved, left the stock or changed price.
 */
import type { BagLineView } from '../bag/view.ts';
import type { DiamondDoc } from '../diamond.ts';
import type { LiveStoneEvent } from './events.ts';

export type BagPatch = {
  lines: BagLineView[];
  /** the stone as it was before its price changed, by id (the first change since the page opened) */
  priceWas: Map<number, DiamondDoc>;
  changed: boolean;
};

const PRICE_FIELDS = ['price', 'ppc', 'ExWebTotal', 'WebSpecial'] as const;
const samePrice = (a: Partial<DiamondDoc>, b: Partial<DiamondDoc>) => PRICE_FIELDS.every((f) => a[f] === b[f]);

export function patchBagLines(
  lines: readonly BagLineView[],
  events: readonly LiveStoneEvent[],
  priceWas: ReadonlyMap<number, DiamondDoc>,
): BagPatch {
  const was = new Map(priceWas);
  let changed = false;
  const next = lines.map((line) => {
    let l = line;
    for (const ev of events) {
      if (ev.id !== l.diamondId) continue;
      if (ev.change === 'left_stock') l = { ...l, inStock: false };
      if (ev.change === 'back_in_stock') l = { ...l, inStock: true };
      if (ev.doc) {
        const stock = { ...l.stock, ...ev.doc, _id: l.diamondId } as DiamondDoc;
        if (!samePrice(l.stock, stock) && !was.has(l.diamondId)) was.set(l.diamondId, l.stock);
        l = { ...l, stock };
      }
    }
    if (l !== line) changed = true;
    return l;
  });
  return { lines: changed ? next : [...lines], priceWas: was, changed };
}

/** What the overlay says of the line's stone (holds.ts `holdOf`'s kinds). */
export type LineHold = 'none' | 'free' | 'mine' | 'requested' | 'reserved' | 'theirs';

/** The warnings of one bag line, each a sentence (shown as text, never colour alone). */
export function bagLineWarnings(
  line: Pick<BagLineView, 'inStock'>,
  hold: LineHold,
  price: { was: string; now: string } | null,
): string[] {
  if (!line.inStock) return ['No longer available: this stone has left the stock and cannot be requested.'];
  const out: string[] = [];
  if (hold === 'theirs') out.push('On hold for another buyer: it cannot be requested until it is free.');
  if (hold === 'reserved') out.push("Reserved by another buyer's request: it cannot be requested.");
  if (price && price.was !== price.now) out.push(`Price changed from ${price.was} to ${price.now}.`);
  return out;
}
