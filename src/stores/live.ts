/**
 * Live stock in the browser: one stream per page (GET /api/v1/live, live-stream.ts), shared by
 * the page's islands and started by the first that needs it (`startLive()`, idempotent).
 *
 * What arrives together (within LIVE_BATCH_MS) is applied at once:
 * - the loaded catalogue set, by `applyLiveEvents` (src/domain/live/patch.ts, the one way the
 *   set is patched): rows replaced, stones that left greyed (`$liveStock.gone`), new stones
 *   waiting (`$liveStock.fresh`) until "n new stones match" or the next filter change
 *   (`settleLiveSet()`);
 * - the trader's hold overlay ($holds): patched, or read again for their own holds;
 * - the bag's lines (price, in stock), with the price each had before (`$liveStock.priceWas`);
 * - `$liveStock.revisions`: the last sequence of each stone whose row changed, so the stone
 *   page, favourites and compare read that stone again (`useLiveRevision`).
 * The viewer's own holds and requests (`mine`) read the overlay again and move `$liveMine`,
 * which the screens showing requests follow. `resync` loads the set and the overlays again.
 * A set just loaded names the sequence it is current from (a copy kept from an earlier visit,
 * or a body built a while ago): the stream goes back there, so its changes since are applied
 * to it (too far back, the stream answers `resync` and the set is downloaded again).
 * A stream that drops while open asks /me who is signed in (`confirmSession`): a trader's stream
 * ends with their session, and a page signed out that way drops the trader's kept copies.
 */
import { atom } from 'nanostores';
import type { DiamondDoc, ListDoc } from '../domain/diamond.ts';
import { patchBagLines } from '../domain/live/bag.ts';
import type { LiveMineEvent, LiveStoneEvent } from '../domain/live/events.ts';
import { patchHolds } from '../domain/live/holds.ts';
import {
  applyLiveEvents,
  liveSetOf,
  settlingSteps,
  type LivePatch,
  type LiveSet,
  type LiveSetEvent,
} from '../domain/live/patch.ts';
import { API_BASE } from '../lib/api.ts';
import { inSlices, type Slices } from '../lib/in-slices.ts';
import { $bag, loadBag, showLiveLines } from './bag.ts';
import type { CatalogueIndex } from '../domain/catalogue/index.ts';
import { $catalogue, reloadCatalogue, showPatchedIndex } from './catalogue.ts';
import { $holds, loadHolds, refreshHolds } from './holds.ts';
import { liveStream, type LiveStream, type LiveStreamStatus } from './live-stream.ts';
import { $session, confirmSession } from './session.ts';

export type LiveStock = {
  status: LiveStreamStatus;
  /** stones of the loaded set that left the stock (greyed until the list settles) */
  gone: ReadonlySet<number>;
  /** new stones not in the rows yet */
  fresh: readonly ListDoc[];
  /** each changed stone's last sequence (the stone page, favourites, compare read it again) */
  revisions: ReadonlyMap<number, number>;
  /** bag stones whose price changed: as they were */
  priceWas: ReadonlyMap<number, DiamondDoc>;
  /** moves on every resync (every stone is read again) */
  epoch: number;
};

const NO_IDS: ReadonlySet<number> = new Set();
const NO_DOCS: readonly ListDoc[] = [];
export const $liveStock = atom<LiveStock>({
  status: 'off',
  gone: NO_IDS,
  fresh: NO_DOCS,
  revisions: new Map(),
  priceWas: new Map(),
  epoch: 0,
});
/** the viewer's last own hold or request change (screens showing requests read them again) */
export const $liveMine = atom<LiveMineEvent | null>(null);

/** how long events are gathered before they are applied together (an import sends many) */
export const LIVE_BATCH_MS = 200;

let stream: LiveStream | null = null;
let queue: LiveSetEvent[] = [];
let batchTimer: ReturnType<typeof setTimeout> | null = null;
let liveSet: LiveSet | null = null;
/**
 * Events heard before the set has loaded (the stream opens with the page, the set comes a
 * moment later): applied to it once it is here, so a change committed while it loaded is not
 * lost. Their docs are the stones as they were read, and any later change has a later event,
 * so applying one again to a newer set ends where the stock stands. Past EARLY_MAX: a resync.
 */
let early: LiveSetEvent[] = [];
const EARLY_MAX = 2_000;

const update = (patch: Partial<LiveStock>) => $liveStock.set({ ...$liveStock.get(), ...patch });

/** The live view of the loaded set, begun afresh whenever another set was loaded. */
function currentSet(): LiveSet | null {
  const { index } = $catalogue.get();
  if (!index) return (liveSet = null);
  if (liveSet?.index !== index) liveSet = liveSetOf(index);
  return liveSet;
}

/**
 * The settling of the current set, made ahead while the page is idle (settlingSteps, in short
 * tasks from SETTLE_AHEAD_MS after the set last moved): at 200,000 stones settling copies every
 * array of the index, too long a task for the filter press that settles the list.
 */
type Ahead = { from: LiveSet; work: Slices<LivePatch>; patch: LivePatch | null };
let ahead: Ahead | null = null;
export const SETTLE_AHEAD_MS = 300;

function dropAhead(): void {
  ahead?.work.stop();
  ahead = null;
}

function settleAhead(): void {
  const set = liveSet;
  if (ahead?.from === set) return;
  dropAhead();
  if (!set || (set.gone.size === 0 && set.fresh.length === 0)) return;
  const made: Ahead = { from: set, work: null!, patch: null };
  made.work = inSlices(settlingSteps(set, set.index.pricing), (patch) => (made.patch = patch), SETTLE_AHEAD_MS);
  ahead = made;
}

/** `out` (patched from `set`) becomes the shown set. */
function showPatch(set: LiveSet, out: LivePatch): void {
  liveSet = out.set;
  if (out.set.index !== set.index) showPatchedIndex(set.index, out.set.index);
  if (out.changed) update({ gone: out.set.gone, fresh: out.set.fresh });
  settleAhead();
}

function patchSet(events: readonly LiveSetEvent[], settle = false): boolean {
  const set = currentSet();
  if (!set) {
    early.push(...events);
    if (early.length > EARLY_MAX) early = [{ resync: 'gap' }];
    return false;
  }
  const out = applyLiveEvents(set, events, { pricing: set.index.pricing, settle });
  if (out.resync) return true;
  showPatch(set, out);
  return false;
}

function resync(): void {
  dropAhead();
  liveSet = null;
  early = [];
  update({ gone: NO_IDS, fresh: NO_DOCS, epoch: $liveStock.get().epoch + 1 });
  void reloadCatalogue();
  void refreshHolds();
  void loadBag();
}

function flush(): void {
  batchTimer = null;
  const events = queue;
  queue = [];
  if (patchSet(events)) return resync();
  const stones = events.filter((e): e is LiveStoneEvent => !('resync' in e));
  const holds = patchHolds($holds.get(), stones);
  if (holds.state !== $holds.get()) $holds.set(holds.state);
  if (holds.refresh) void refreshHolds();
  const s = $liveStock.get();
  const bag = patchBagLines($bag.get().lines, stones, s.priceWas);
  if (bag.changed) showLiveLines(bag.lines);
  const revisions = new Map(s.revisions);
  for (const e of stones) if (e.doc || e.change === 'left_stock') revisions.set(e.id, e.seq);
  update({ revisions, priceWas: bag.priceWas });
}

function hear(e: LiveSetEvent): void {
  queue.push(e);
  batchTimer ??= setTimeout(flush, LIVE_BATCH_MS);
}

/** Opens the page's stream (once; later calls do nothing). */
export function startLive(): void {
  if (stream || typeof window === 'undefined' || typeof EventSource === 'undefined') return;
  stream = liveStream({
    url: `${API_BASE}/live`,
    open: (url) => new EventSource(url, { withCredentials: true }),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (t) => clearTimeout(t as ReturnType<typeof setTimeout>),
    onStone: hear,
    onMine: (ev) => {
      $liveMine.set(ev);
      void refreshHolds();
    },
    onResync: (r) => hear({ resync: r.reason }),
    onStatus: (status) => {
      // a trader's stream ends with their session (signed out elsewhere, revoked, lapsed): ask who is signed in
      if (status === 'retrying' && $liveStock.get().status === 'open') confirmSession();
      update({ status });
    },
  });
  stream.start();
  let resumedFor: CatalogueIndex | null = null;
  $catalogue.subscribe(({ index, since }) => {
    // a set just loaded is current from `since`: its changes after that are heard again
    if (index && since != null && index !== resumedFor) {
      resumedFor = index;
      stream?.resumeFrom(since);
    }
    if (!index || early.length === 0) return;
    const heard = early;
    early = [];
    if (patchSet(heard)) resync();
  });
  loadHolds(); // the rows' hold state (signed-in traders only) is the overlay the stream moves
  document.addEventListener('visibilitychange', () => stream?.visibility(document.hidden));
  // a change of viewer (signing in or out) changes what the stream may say: open it again
  let who = $session.get().user?._id ?? null;
  $session.listen((s) => {
    const now = s.user?._id ?? null;
    if (s.status !== 'ready' || now === who) return;
    who = now;
    stream?.stop();
    stream?.start();
  });
}

/**
 * The list settles (a filter change, or "n new stones match" pressed): stones that left are
 * taken out and the waiting new ones join the rows.
 */
export function settleLiveSet(): void {
  const set = liveSet && currentSet();
  if (!set || (set.gone.size === 0 && set.fresh.length === 0)) return;
  if (ahead?.from !== set) return void patchSet([], true);
  // made ahead (or the rest of it now)
  const patch = ahead.patch ?? ahead.work.finish();
  ahead = null;
  showPatch(set, patch);
}
