/**
 * Who runs the full set's job (catalogue-set-job.ts) and in which Web Worker (decision 004).
 *
 * - The list page's early script (islands/catalogue/early-rows.entry.ts) starts the job as soon as
 *   the first page (its audience: the server read the cookie) and GET /site are in, before the
 *   island's scripts have loaded (`startEarlySet`). Until the store takes the job, the worker's
 *   answers (and a failure) are kept in order on `window.__catalogueSet`.
 * - The store (catalogue.ts) runs every load through `startSetJob`: it adopts the early job when
 *   it is for the same owner (audience, and a trader's account: `sameOwner`; the kept answers
 *   are replayed in order, then the rest follow), else starts a worker of its own; a job for
 *   another owner (signed in, out or as someone else meanwhile) is
 *   ended, not adopted. The first load takes the window's slot for good: a job is adopted at
 *   most once, and no early job starts after the store has started its own.
 * - Every answer reaches the store once: a worker that fails before answering (blocked,
 *   unsupported) is ended and the job runs in the page instead; one that fails after an answer
 *   gives an error answer; nothing is heard from it after that.
 *
 * Both sides use the one worker file: the page passes its URL (a `?worker&url` import, as the
 * store's) to the early script as `window.__catalogueWorker`, and starts that worker at once
 * (`__catalogueWorkerEarly`), so it has loaded by the time the answers are in (its download
 * took 0.1 s or more while the page loaded).
 */
import type { FirstPage } from '../../api/services/catalogue/first-page.ts';
import type { PriceContext } from '../domain/catalogue/index.ts';
import type { Audience, SetOwner } from './catalogue-set.ts';
// types only: this module is also in the early script's bundle, which must stay small
import type { SetJob, SetMessage } from './catalogue-set-job.ts';
import type { SiteData } from './site.ts';
import { shownCurrency, storedCurrency } from './shown-currency.ts';

/** the page's live stream brings a kept copy of the set up to date (where there is EventSource) */
export const LIVE_PATCHES = typeof EventSource !== 'undefined';

/** What a set job's worker tells the page: an answer, or that it failed. */
export type Heard = { msg: SetMessage } | { failed: true };

/** A job the early script started, and what it has heard while nobody listened. */
export type EarlySet = { job: SetJob; worker: Worker; kept: Heard[]; hear: ((h: Heard) => void) | null };

export type EarlySetWindow = {
  __catalogueFirst?: Promise<FirstPage | null>;
  __siteEarly?: Promise<SiteData | null>;
  /** the worker file's URL, given by the page */
  __catalogueWorker?: string;
  /**
   * the worker the page's inline script started at once, so it loads while the answers are on
   * their way (`failed`: it failed before anyone listened)
   */
  __catalogueWorkerEarly?: Worker & { failed?: boolean };
  /** the early job, or 'taken' once the store has started loading */
  __catalogueSet?: EarlySet | 'taken';
};

export type MakeWorker = (url: string) => Worker;

/**
 * The pricing a set is built for: the trade's in the currency the list will show (this
 * browser's remembered one if the site has it, else the site's); a visitor's never priced.
 */
export const pricingOf = (audience: Audience, site: SiteData | null): PriceContext =>
  audience === 'trade' && site?.fxrates ? { ccy: shownCurrency(site, storedCurrency()), rates: site.fxrates } : null;

function listen(worker: Worker, hear: (h: Heard) => void): void {
  worker.onmessage = (e: MessageEvent<SetMessage>) => hear({ msg: e.data });
  worker.onerror = worker.onmessageerror = () => hear({ failed: true });
}

/**
 * The early script's start: once the first page and the site are in, the job for the first
 * page's audience runs in its worker (the one the page started, else a new one). Nothing
 * starts without a first page, a worker URL, a Worker, or once the store has started loading
 * (the page's worker is then ended). Answers the job started, or null.
 */
export async function startEarlySet(win: EarlySetWindow, makeWorker: MakeWorker | null): Promise<EarlySet | null> {
  const url = win.__catalogueWorker;
  const started = win.__catalogueWorkerEarly;
  const [first, site] = await Promise.all([
    (win.__catalogueFirst ?? Promise.resolve(null)).catch(() => null),
    (win.__siteEarly ?? Promise.resolve(null)).catch(() => null),
  ]);
  let worker = started ?? null;
  if (!first || !url || win.__catalogueSet) {
    worker?.terminate();
    return null;
  }
  try {
    worker ??= makeWorker?.(url) ?? null;
  } catch {
    worker = null;
  }
  if (!worker) return null; // the store starts the job as it would without this script
  const job: SetJob = {
    audience: first.audience,
    account: first.account ?? null,
    pricing: pricingOf(first.audience, site),
    patch: LIVE_PATCHES,
  };
  const early: EarlySet = { job, worker, kept: [], hear: null };
  listen(worker, (h) => (early.hear ? early.hear(h) : early.kept.push(h)));
  if (started?.failed) early.kept.push({ failed: true });
  worker.postMessage(job);
  win.__catalogueSet = early;
  return early;
}

/** The same set's owner: the same audience and, for a trader, the same account. */
export const sameOwner = (a: SetOwner, b: SetOwner) =>
  a.audience === b.audience && (a.audience === 'visitor' || a.account === b.account);

/** The early job if it is for `owner` (at most once); one for another owner is ended. */
function takeEarlySet(win: EarlySetWindow | null, owner: SetOwner): EarlySet | null {
  if (!win) return null;
  const early = win.__catalogueSet;
  win.__catalogueSet = 'taken';
  if (!early || early === 'taken') return null;
  if (sameOwner(early.job, owner)) return early;
  early.worker.terminate();
  return null;
}

export type SetJobPlace = {
  /** the page's window (null: none, as on the server and in unit tests) */
  win: EarlySetWindow | null;
  /** the worker file's URL and how to start it (null: no Worker here) */
  workerUrl: string;
  makeWorker: MakeWorker | null;
  /** runs the job in the page itself */
  runHere: (job: SetJob, hear: (msg: SetMessage) => void) => void;
  /** the error answered when the worker fails after it has answered */
  failedMsg: string;
};

/** A running job: the job it runs (an adopted one's pricing may differ) and how to end it. */
export type SetRun = { job: SetJob; stop: () => void };
export type HearSet = (msg: SetMessage, job: SetJob) => void;

/** The store's way to start its jobs at one place. */
export const setJobStarter =
  (at: SetJobPlace) =>
  (job: SetJob, hear: HearSet): SetRun =>
    startSetJob(job, hear, at);

/**
 * Runs `job` for the store: adopts the early job for its audience, else starts a worker, else
 * runs it in the page. `hear` gets every answer once, in order, with the job that made it; the
 * kept answers of an adopted job come in a microtask, after the caller has its stop.
 */
export function startSetJob(job: SetJob, hear: HearSet, at: SetJobPlace): SetRun {
  const early = takeEarlySet(at.win, job);
  const run = early?.job ?? job;
  const hearRun = (msg: SetMessage) => hear(msg, run);
  let worker = early?.worker ?? null;
  if (!worker && at.makeWorker) {
    try {
      worker = at.makeWorker(at.workerUrl);
    } catch {
      worker = null;
    }
  }
  if (!worker) {
    at.runHere(run, hearRun);
    return { job: run, stop: () => {} };
  }
  const w = worker;
  let heard = false;
  let failed = false;
  const stop = () => w.terminate();
  // the worker stays (idle, its job's data collected) until a newer load stops it: ending it at
  // once would also end what the browser's tools can still read of its requests
  const onHeard = (h: Heard) => {
    if (failed) return;
    if ('msg' in h) {
      heard = true;
      return hearRun(h.msg);
    }
    failed = true;
    stop();
    if (heard) hearRun({ kind: 'error', msg: at.failedMsg });
    else at.runHere(run, hearRun); // the worker could not start (blocked or unsupported): the page does the work
  };
  if (early) {
    queueMicrotask(() => {
      for (const h of early.kept.splice(0)) onHeard(h);
      early.hear = onHeard;
    });
  } else {
    listen(w, onHeard);
    w.postMessage(job);
  }
  return { job: run, stop };
}
