/**
 * A live change patched into the loaded set (src/domain/live/patch.ts), through the domain code
 * the list page runs on its main thread, at 50,000 and 200,000 synthetic stones
 * (catalogue-filter.ts's stock): one stone's price changed, an import's 500 updated stones, and
 * the list settling (the next filter change) after 20 stones left the stock and 5 new ones came.
 * Beside each, the rebuild of the whole index from its docs that each of them used to be. Median of 7 runs, each on a freshly prepared index whose price
 * order is cached (as a list sorted by price has it).
 *
 *   node bench/catalogue-live-patch.ts
 */
import { fileURLToPath } from 'node:url';
import {
  allDocs,
  prepareColumns,
  prepareCatalogue,
  sortOrder,
  type CatalogueIndex,
} from '../src/domain/catalogue/index.ts';
import { encodeCatalogue } from '../src/domain/catalogue/wire.ts';
import { columnsOf } from '../src/domain/catalogue/wire-decode.ts';
import type { DiamondDoc } from '../src/domain/diamond.ts';
import type { LiveStoneEvent } from '../src/domain/live/events.ts';
import { applyLiveEvents, liveSetOf } from '../src/domain/live/patch.ts';
import { RATES, syntheticStock } from './catalogue-filter.ts';
import { median } from './stats.ts';

const SIZES = [50_000, 200_000];
const RUNS = 7;
const pricing = { ccy: 'GBP', rates: RATES };

/** `count` stones spread over the set, each with a new price, as the stream sends them. */
function priceEvents(docs: readonly DiamondDoc[], count: number): LiveStoneEvent[] {
  const step = Math.floor(docs.length / count);
  return Array.from({ length: count }, (_, k) => {
    const d = docs[k * step]!;
    const price = Math.round((d.price ?? 1000) * 1.05);
    return {
      seq: k + 1,
      id: d._id!,
      code: d.StkCodeCalcNS,
      change: 'price_changed',
      doc: { ...d, price, ExWebTotal: price },
    };
  });
}

function ms(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** Patch and rebuild medians of `count` changed stones on `n` stones. */
function bench(docs: readonly DiamondDoc[], count: number) {
  const wire = JSON.parse(JSON.stringify(encodeCatalogue(docs, { version: '1', audience: 'trade' }))) as unknown;
  const fresh = (): CatalogueIndex => {
    const ix = prepareColumns(columnsOf(wire), pricing);
    sortOrder(ix, 'price');
    return ix;
  };
  const events = priceEvents(docs, count);
  const byId = new Map(events.map((e) => [e.id, e.doc!]));
  const patch: number[] = [];
  const rebuild: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const set = liveSetOf(fresh());
    applyLiveEvents(set, [], { pricing }); // the row map made once per loaded set, as the page does
    patch.push(ms(() => applyLiveEvents(set, events, { pricing })));
    const ix = fresh();
    rebuild.push(
      ms(() =>
        prepareCatalogue(
          allDocs(ix).map((d) => byId.get(d._id!) ?? d),
          pricing,
        ),
      ),
    );
  }
  return { patch: median(patch), rebuild: median(rebuild) };
}

/** The list settling after 20 stones left the stock and 5 new ones came: patched and rebuilt medians. */
function benchSettle(docs: readonly DiamondDoc[]) {
  const wire = JSON.parse(JSON.stringify(encodeCatalogue(docs, { version: '1', audience: 'trade' }))) as unknown;
  const step = Math.floor(docs.length / 20);
  const left: LiveStoneEvent[] = Array.from({ length: 20 }, (_, k) => {
    const d = docs[k * step]!;
    return { seq: k + 1, id: d._id!, code: d.StkCodeCalcNS, change: 'left_stock' };
  });
  const added: LiveStoneEvent[] = Array.from({ length: 5 }, (_, k) => {
    const d = { ...docs[k]!, _id: 10_000_000 + k, StkCodeCalcNS: `NEW-${k}` };
    return { seq: 100 + k, id: d._id, code: d.StkCodeCalcNS, change: 'added', doc: d };
  });
  const patch: number[] = [];
  const rebuild: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const ix = prepareColumns(columnsOf(wire), pricing);
    sortOrder(ix, 'price');
    const { set } = applyLiveEvents(liveSetOf(ix), [...left, ...added], { pricing });
    patch.push(ms(() => applyLiveEvents(set, [], { pricing, settle: true })));
    const gone = new Set(left.map((e) => e.id));
    const kept = allDocs(ix).filter((d) => !gone.has(d._id!));
    rebuild.push(ms(() => prepareCatalogue([...kept, ...added.map((e) => e.doc!)], pricing)));
  }
  return { patch: median(patch), rebuild: median(rebuild) };
}

export function main(): void {
  console.log(`catalogue live patch (median of ${RUNS} runs, Node ${process.version}): ms on the main thread`);
  console.log('  stones   changed   patched   rebuilt from docs');
  for (const n of SIZES) {
    const docs = syntheticStock(n);
    for (const count of [1, 500]) {
      const { patch, rebuild } = bench(docs, count);
      console.log(
        `  ${String(n).padStart(7)}  ${String(count).padStart(7)}  ${patch.toFixed(1).padStart(8)}  ${rebuild.toFixed(1).padStart(10)}`,
      );
    }
    const settled = benchSettle(docs);
    console.log(
      `  ${String(n).padStart(7)}  settling: 20 gone, 5 new  ${settled.patch.toFixed(1).padStart(8)}  ${settled.rebuild.toFixed(1).padStart(10)}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
