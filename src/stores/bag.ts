/**
 * The signed-in user's bag (server: /api/v1/profile/bag) and the bag drawer, shared by every
 * island. Wiring an "Add to Basket" button: `addToBag(doc)` (visitors get the login dialog
 * with a return to this page; signed-in users get the line added and the bag drawer opened,
 * focused on the added row).
 *
 * - `$bag`: { status, lines } — lines as the API sends them (BagLineView).
 * - `$bagDrawer`: { open, focusId } — the right-hand drawer (YOUR BAG).
 * - `updateLine(id, patch)` changes a line at once on screen (a parcel's unit switch resets its
 *   quantity, as the server does) and sends the change after a short pause; `flushBag()`
 *   waits until every change has reached the server. A refused change reloads the bag.
 * - The bag follows the session: a new signed-in user loads theirs, signing out empties it,
 *   and the session's `user.bag` is kept equal to the lines (count badges read it).
 */
import { atom, computed } from 'nanostores';
import { kindOf, limitsOfDoc, quantityError, quantityForUnit } from '../domain/bag/lines.ts';
import type { BagPatchInput } from '../domain/bag/payload.ts';
import type { BagLineView } from '../domain/bag/view.ts';
import type { DiamondDoc } from '../domain/diamond.ts';
import { showSnack } from '../islands/bag/snackbar.ts';
import { call, client, isRefusal, logUnexpected, refusalText } from '../lib/api.ts';
import { openDialog } from './dialog.ts';
import { $session, loadSession, setSession } from './session.ts';

export type { BagLineView };
export type BagState = { status: 'idle' | 'loading' | 'ready' | 'error'; lines: BagLineView[] };
export type BagDrawerState = { open: boolean; focusId: number | null };

export const $bag = atom<BagState>({ status: 'idle', lines: [] });
export const $bagDrawer = atom<BagDrawerState>({ open: false, focusId: null });
export const $bagCount = computed($bag, (b) => b.lines.length);

const bagApi = client.profile.bag;
const lineOf = (diamondId: number) => ({ param: { diamondId: String(diamondId) } });
/** A DOM event any script can dispatch to add a stone: `new CustomEvent(ADD_TO_BAG_EVENT, { detail: { _id } })`. */
export const ADD_TO_BAG_EVENT = 'facet:add-to-bag';
const PATCH_DELAY_MS = 350;
const timers = new Map<number, { timer: ReturnType<typeof setTimeout>; patch: BagPatchInput }>();
let chain: Promise<unknown> = Promise.resolve();
let loadedFor: string | null = null;

/**
 * Local changes so far. A server answer shows only if nothing was changed on screen since it was
 * asked for and nothing waits to be sent: an answer to an earlier change (a unit switch) never
 * puts back a quantity typed since, an invalid one included (that one is never sent).
 */
let edits = 0;
const untouchedSince = (asked: number) => timers.size === 0 && edits === asked;

function setLines(lines: BagLineView[]): void {
  $bag.set({ status: 'ready', lines });
  const s = $session.get();
  if (s.user && !sameIds(s.user.bag, lines))
    setSession({ isAuthorised: s.isAuthorised, user: { ...s.user, bag: lines } });
}

const sameIds = (a: readonly { diamondId: number }[] | undefined, b: readonly { diamondId: number }[]) =>
  a != null && a.length === b.length && a.every((l, i) => l.diamondId === b[i]?.diamondId);

export function loadBag(): Promise<BagLineView[]> {
  if (!$session.get().user) {
    $bag.set({ status: 'ready', lines: [] });
    return Promise.resolve([]);
  }
  $bag.set({ ...$bag.get(), status: 'loading' });
  const asked = edits;
  return call(bagApi.$get())
    .then(({ bag }) => {
      if (untouchedSince(asked)) setLines(bag);
      else $bag.set({ ...$bag.get(), status: 'ready' }); // the lines on screen are newer
      return bag;
    })
    .catch((err: unknown) => {
      logUnexpected('[bag] loading failed', err);
      $bag.set({ ...$bag.get(), status: 'error' });
      return $bag.get().lines;
    });
}

/** Follows the session (called once by the bag drawer island). Returns the unsubscribe. */
export function followSession(): () => void {
  return $session.subscribe((s) => {
    if (s.status !== 'ready') return;
    const id = s.user?._id ?? null;
    if (id !== loadedFor) {
      loadedFor = id;
      if (!s.user) $bag.set({ status: 'ready', lines: [] });
      else if (Array.isArray(s.user.bag) && s.user.bag.length > 0) $bag.set({ status: 'ready', lines: s.user.bag });
      else void loadBag();
      return;
    }
    // another auth answer for the same user (e.g. a profile change) may carry no bag: keep ours
    if (s.user && $bag.get().status === 'ready' && !sameIds(s.user.bag, $bag.get().lines)) setLines($bag.get().lines);
  });
}

/** Lines the live stream moved (src/stores/live.ts): shown at once, nothing is sent. */
export function showLiveLines(lines: BagLineView[]): void {
  if ($bag.get().status === 'ready') setLines(lines);
}

export function openBagDrawer(focusId: number | null = null): void {
  $bagDrawer.set({ open: true, focusId });
}
export function closeBagDrawer(): void {
  $bagDrawer.set({ open: false, focusId: null });
}

/**
 * Add to Basket. Visitors: the login dialog (returning here). Signed in: adds the stone and
 * opens the bag drawer focused on its row. Resolves true when the stone is in the bag.
 */
export async function addToBag(doc: Pick<DiamondDoc, '_id'>): Promise<boolean> {
  if ($session.get().status !== 'ready') await loadSession();
  if (!$session.get().user) {
    openDialog('login', { returnTo: `${window.location.pathname}${window.location.search}` });
    return false;
  }
  try {
    await flushBag();
    const { bag } = await call(bagApi.$post({ json: { diamondId: doc._id } }));
    setLines(bag);
    openBagDrawer(doc._id);
    return true;
  } catch (err) {
    if (isRefusal(err)) showSnack('warning', 'Not added', refusalText(err));
    else logUnexpected('[bag] adding failed', err);
    return false;
  }
}

/**
 * Puts a stone in the bag without opening the drawer (a hold turned into a request sends it
 * from there). Resolves true when this call added it, false when it was there already.
 */
export async function ensureInBag(diamondId: number): Promise<boolean> {
  await flushBag();
  if ($bag.get().status !== 'ready') await loadBag();
  if ($bag.get().lines.some((l) => l.diamondId === diamondId)) return false;
  const { bag } = await call(bagApi.$post({ json: { diamondId } }));
  setLines(bag);
  return true;
}

/**
 * Puts every stone of `ids` in the bag (the ones already there stay as they are) and opens the
 * drawer. Resolves how many this call added and how many the server refused (held, sold).
 */
export async function addAllToBag(ids: readonly number[]): Promise<{ added: number; refused: number }> {
  let added = 0;
  let refused = 0;
  for (const id of ids) {
    try {
      if (await ensureInBag(id)) added++;
    } catch {
      refused++;
    }
  }
  openBagDrawer(null);
  return { added, refused };
}

export async function removeFromBag(diamondId: number): Promise<void> {
  const pending = timers.get(diamondId);
  if (pending) clearTimeout(pending.timer);
  timers.delete(diamondId);
  setLines($bag.get().lines.filter((l) => l.diamondId !== diamondId));
  const asked = ++edits;
  await (chain = chain.then(() =>
    call(bagApi[':diamondId'].$delete(lineOf(diamondId)))
      .then(({ bag }) => untouchedSince(asked) && setLines(bag))
      .catch((err: unknown) => {
        logUnexpected('[bag] removing failed', err);
        return loadBag();
      }),
  ));
}

/** The line after a patch, with the spec's unit-switch rule (weight -> 0.01, items -> 1). */
export function patchedLine(line: BagLineView, patch: BagPatchInput): BagLineView {
  const next = { ...line };
  if (patch.selectedUnit && line.type === 'parcel' && patch.selectedUnit !== line.selectedUnit) {
    next.selectedUnit = patch.selectedUnit;
    next.quantity = quantityForUnit(patch.selectedUnit);
  }
  if (patch.quantity !== undefined) next.quantity = patch.quantity;
  if (patch.acceptsAlternatives !== undefined) next.acceptsAlternatives = patch.acceptsAlternatives;
  return next;
}

/**
 * What a line's waiting changes send. An invalid quantity stays on screen, unsent. A unit switch
 * goes with the quantity on screen: switches merged into one call (items, then back to weight)
 * must not leave the server on the quantity it had before the first switch.
 */
export function outgoingPatch(line: BagLineView | undefined, queued: BagPatchInput): BagPatchInput {
  const patch = { ...queued };
  if (line && lineError(line)) delete patch.quantity;
  else if (line && patch.selectedUnit !== undefined) patch.quantity = line.quantity;
  return patch;
}

/** Why a line cannot be sent as it stands, or null. */
export const lineError = (l: BagLineView): string | null =>
  quantityError(kindOf(l.stock), l.type === 'parcel' ? l.selectedUnit : 'weight', l.quantity, limitsOfDoc(l.stock));

export function updateLine(diamondId: number, patch: BagPatchInput): void {
  const lines = $bag.get().lines;
  const line = lines.find((l) => l.diamondId === diamondId);
  if (!line) return;
  const next = patchedLine(line, patch);
  edits++;
  $bag.set({ status: 'ready', lines: lines.map((l) => (l === line ? next : l)) });
  const queued = timers.get(diamondId);
  if (queued) clearTimeout(queued.timer);
  const merged: BagPatchInput = { ...queued?.patch, ...patch };
  if (patch.selectedUnit) delete merged.quantity; // the switch resets it, unless given with it
  if (patch.quantity !== undefined) merged.quantity = patch.quantity;
  const timer = setTimeout(() => send(diamondId), PATCH_DELAY_MS);
  timers.set(diamondId, { timer, patch: merged });
}

function send(diamondId: number): Promise<unknown> {
  const queued = timers.get(diamondId);
  if (!queued) return chain;
  clearTimeout(queued.timer);
  timers.delete(diamondId);
  const line = $bag.get().lines.find((l) => l.diamondId === diamondId);
  const patch = outgoingPatch(line, queued.patch);
  if (Object.keys(patch).length === 0) return chain;
  // a count kept back (the line cannot take it) stays on screen as typed over the server's answer
  const keptBack = line && queued.patch.quantity !== undefined && patch.quantity === undefined ? line.quantity : null;
  const asked = edits;
  chain = chain.then(() =>
    call(bagApi[':diamondId'].$patch({ ...lineOf(diamondId), json: patch }))
      .then(
        ({ bag }) =>
          untouchedSince(asked) &&
          setLines(
            keptBack !== null ? bag.map((l) => (l.diamondId === diamondId ? { ...l, quantity: keptBack } : l)) : bag,
          ),
      )
      .catch((err: unknown) => {
        logUnexpected('[bag] change refused', err);
        return loadBag();
      }),
  );
  return chain;
}

/** Sends every waiting change now and resolves when the server has them all. */
export async function flushBag(): Promise<void> {
  for (const id of [...timers.keys()]) void send(id);
  await chain;
}
