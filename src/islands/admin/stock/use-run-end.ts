/**
 * Waits for an import run that is still `running` (a source's Run now, a large push): asks the
 * run's status every RUN_POLL_MS and calls `onEnd` with the run once it has ended. A null id
 * waits for nothing; a failed ask is asked again at the next poll.
 *
 *   useRunEnd(run?.status === 'running' ? run.id : null, () => reload());
 */
import { useEffect, useRef } from 'react';
import { call, client } from '../../../lib/api.ts';

export const RUN_POLL_MS = 1000;

export type RunEnd = { status: string; reason: string | null };

export function useRunEnd(runId: number | null, onEnd: (run: RunEnd) => void): void {
  const latest = useRef(onEnd);
  useEffect(() => {
    latest.current = onEnd;
  });
  useEffect(() => {
    if (runId == null) return;
    let live = true;
    const timer = setInterval(() => {
      call(client.admin['stock-import'].runs[':id'].$get({ param: { id: String(runId) } }))
        .then((run) => {
          if (!live || run.status === 'running') return;
          live = false;
          clearInterval(timer);
          latest.current(run);
        })
        .catch(() => {});
    }, RUN_POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [runId]);
}
