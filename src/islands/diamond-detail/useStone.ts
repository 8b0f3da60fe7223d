/**
 * The stone on screen: GET /diamonds/{id} (again when the session changes, since prices
 * depend on it), its media (GET /diamonds/{id}/images) and related stones.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { DiamondDoc } from '../../domain/diamond.ts';
import { spinSetOf, type SpinSet } from '../../domain/player360.ts';
import { api, ApiError } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';

export type DetailDoc = DiamondDoc & { inStock: boolean };
export type MediaItem = { type: 'image' | 'video' | '360'; src: string; framesCount?: number; format?: string };

export type StoneState =
  | { status: 'loading' }
  | { status: 'missing' | 'error'; message: string }
  | { status: 'ready'; doc: DetailDoc; images: string[]; spin: SpinSet | null };

export function useStone(id: number): StoneState {
  const session = useStore($session);
  const ready = session.status === 'ready';
  const who = session.user?._id ?? 'visitor';
  const [state, setState] = useState<StoneState>({ status: 'loading' });

  useEffect(() => {
    if (!ready) return;
    let live = true;
    Promise.all([api.get<DetailDoc>(`/diamonds/${id}`), api.get<MediaItem[]>(`/diamonds/${id}/images`)])
      .then(([doc, media]) => {
        if (!live) return;
        const images = media.filter((m) => m.type === 'image').map((m) => m.src);
        setState({ status: 'ready', doc, images, spin: spinSetOf(media) });
      })
      .catch((err: unknown) => {
        if (!live) return;
        if (err instanceof ApiError && err.status === 404) {
          setState({ status: 'missing', message: 'This stone is not in our stock list.' });
        } else {
          setState({ status: 'error', message: err instanceof Error ? err.message : 'The stone could not be loaded.' });
        }
      });
    return () => {
      live = false;
    };
  }, [id, ready, who]);

  return state;
}

export function useRelated(id: number, enabled: boolean): DiamondDoc[] {
  const who = useStore($session).user?._id ?? 'visitor';
  const [docs, setDocs] = useState<DiamondDoc[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    api
      .get<DiamondDoc[]>(`/diamonds/${id}/related`)
      .then((d) => live && setDocs(d))
      .catch(() => live && setDocs([]));
    return () => {
      live = false;
    };
  }, [id, enabled, who]);
  return docs;
}
