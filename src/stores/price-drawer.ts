/**
 * The PRICE drawer (the side drawer in its price mode): which stone's price breakdown
 * is open, if any. Any island opens it with `openPriceDrawer(doc)`; the island that shows the
 * stone renders <PriceDrawer /> (src/islands/price/).
 */
import { atom } from 'nanostores';
import type { ListDoc } from '../domain/diamond.ts';

export const $priceDrawer = atom<ListDoc | null>(null);
export const openPriceDrawer = (doc: ListDoc): void => $priceDrawer.set(doc);
export const closePriceDrawer = (): void => $priceDrawer.set(null);
