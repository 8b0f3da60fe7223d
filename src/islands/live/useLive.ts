/**
 * Islands' view of the live stream: `useLiveStock()` opens the page's one stream (the first
 * island to ask starts it) and follows what it changed; `useLiveRevision(ids)` is a key that
 * moves when any of those stones changed (or the stream resynced), for screens that read their
 * stones from the API (the stone page, favourites, compare) to read them again.
 */
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { LiveMineEvent } from '../../domain/live/events.ts';
import { $liveMine, $liveStock, startLive, type LiveStock } from '../../stores/live.ts';

export function useLiveStock(): LiveStock {
  useEffect(startLive, []);
  return useStore($liveStock);
}

export function useLiveRevision(ids: readonly number[]): string {
  const { revisions, epoch } = useLiveStock();
  // the newest change among them: a stone added to the list moves it only if it changed since
  let newest = 0;
  for (const id of ids) newest = Math.max(newest, revisions.get(id) ?? 0);
  return `${epoch}:${newest}`;
}

/** A key that moves with each of the viewer's own hold or request changes (null: none yet). */
export function useLiveMine(what: LiveMineEvent['what']): string | null {
  useEffect(startLive, []);
  const ev = useStore($liveMine);
  return ev && ev.what === what ? `${ev.id}:${ev.state}:${ev.seq ?? ''}` : null;
}
