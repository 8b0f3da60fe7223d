/**
 * The PRICE drawer (the side drawer in its price mode): which stone's price breakdown
 * is open, if any. Any island opens it with `openPriceDrawer(doc)`; the island that shows the
 * stone renders <PriceDrawer /> (src/islands/price/).
 */
import { atom } from 'nanostores';
import type { DiamondDoc } from '../domain/diamond.ts';

export const $priceDrawer = atom<DiamondDoc | null>(null);
export const openPriceDrawer = (doc: DiamondDoc): void => $priceDrawer.set(doc);
export const closePriceDrawer = (): void => $priceDrawer.set(null);
