/**
 * The Web Worker that fetches, decodes and indexes the full set off the page's main thread
 * (catalogue-set-job.ts): one job per worker, started by the page's `postMessage(job)`.
 */
import { runSetJob, type SetJob } from './catalogue-set-job.ts';

const scope = self as unknown as {
  onmessage: ((e: MessageEvent<SetJob>) => void) | null;
  postMessage: (msg: unknown, transfer: Transferable[]) => void;
};

scope.onmessage = (e) => {
  void runSetJob(e.data, (msg, transfer) => scope.postMessage(msg, transfer));
};
