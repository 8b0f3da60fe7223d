/**
 * The stone on screen: GET /diamonds/{id} (again when the session changes, since prices
 * depend on it, and when the live stream says it changed), its media (GET /diamonds/{id}/images) and related stones.
 */
import { useStore } from '@nanostores/react';
import { useMemo } from 'react';
import type { DiamondDoc } from '../../domain/diamond.ts';
import { spinSetOf, type SpinSet } from '../../domain/player360.ts';
import { ApiError, call, client, type AnswerOf } from '../../lib/api.ts';
import { $session } from '../../stores/session.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { useLiveRevision } from '../live/useLive.ts';

const diamond = client.diamonds[':id'];
const stone = (id: number) => ({ param: { id: String(id) } });

export type DetailDoc = AnswerOf<typeof diamond.$get>;
export type MediaItem = AnswerOf<typeof diamond.images.$get>[number];

export type StoneState =
  | { status: 'loading' }
  | { status: 'missing' | 'error'; message: string }
  | { status: 'ready'; doc: DetailDoc; images: string[]; spin: SpinSet | null };

export function useStone(id: number): StoneState {
  const session = useStore($session);
  const ready = session.status === 'ready';
  const who = session.user?._id ?? 'visitor';
  // again when the session changes: prices depend on it
  // and again when the live stream says the stone changed
  const rev = useLiveRevision([id]);
  const { data, error } = useApiQuery(ready ? `${id}:${who}:${rev}` : null, (signal) =>
    Promise.all([
      call(diamond.$get(stone(id), { init: { signal } })),
      call(diamond.images.$get(stone(id), { init: { signal } })),
    ]),
  );
  return useMemo((): StoneState => {
    if (error != null) {
      if (error instanceof ApiError && error.status === 404) {
        return { status: 'missing', message: 'This stone is not in our stock list.' };
      }
      return { status: 'error', message: error instanceof Error ? error.message : 'The stone could not be loaded.' };
    }
    if (!data) return { status: 'loading' };
    const [doc, media] = data;
    const images = media.filter((m) => m.type === 'image').map((m) => m.src);
    return { status: 'ready', doc, images, spin: spinSetOf(media) };
  }, [data, error]);
}

export function useRelated(id: number, enabled: boolean): DiamondDoc[] {
  const who = useStore($session).user?._id ?? 'visitor';
  const { data, error } = useApiQuery(enabled ? `${id}:${who}` : null, (signal) =>
    call(diamond.related.$get(stone(id), { init: { signal } })),
  );
  return error == null && data ? data : NONE;
}

const NONE: DiamondDoc[] = [];
