/**
 * A stone's hold control for a signed-in trader, wherever the stone appears (list row, stone
 * page, favourites, compare, bag page and drawer): Hold; or, while it is theirs, the countdown
 * with Release, Extend (once, when allowed) and Request it (HeldActions); "In your request" once
 * their request keeps it; "Reserved" (never for whom) once another buyer's request keeps it; or
 * "On hold" (never who) with "Tell me when free". Parcels are not held, and visitors see nothing.
 */
import { useEffect, useState } from 'react';
import { isParcel } from '../../domain/diamond.ts';
import { $holds, holdOf, holdStone, loadHolds, watchStone } from '../../stores/holds.ts';
import { $isAuthorised } from '../../stores/session.ts';
import { startLive } from '../../stores/live.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { HeldActions, refusalText, type RunAction } from './HeldActions.tsx';
import './holds.css';

export function HoldControl({ id, catType, stockCode }: { id: number; catType: string; stockCode: string }) {
  const state = useIslandStore($holds, null);
  const signedIn = useIslandStore($isAuthorised, false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  useEffect(loadHolds, []);
  useEffect(startLive, []); // the overlay follows the live stream
  if (!signedIn || isParcel(catType)) return null;
  const hold = holdOf(state, id);
  const run: RunAction = (action, done) => {
    setBusy(true);
    setNote('');
    action()
      .then(() => setNote(done))
      .catch((err: unknown) => setNote(refusalText(err)))
      .finally(() => setBusy(false));
  };
  return (
    <span className="hold-control">
      {hold.kind === 'free' && (
        <button
          type="button"
          className="btn btn--ghost btn--small hold-place"
          disabled={busy}
          onClick={() => run(() => holdStone(id), `Stone ${stockCode} is on hold for you`)}
        >
          Hold
        </button>
      )}
      {hold.kind === 'mine' && <HeldActions hold={hold.hold} stockCode={stockCode} busy={busy} run={run} />}
      {hold.kind === 'requested' && <span className="hold-badge hold-badge--mine">In your request</span>}
      {hold.kind === 'reserved' && <span className="hold-badge">Reserved</span>}
      {hold.kind === 'theirs' && (
        <>
          <span className="hold-badge">On hold</span>
          {!hold.watching && (
            <button type="button" className="hold-action" disabled={busy} onClick={() => run(() => watchStone(id), '')}>
              Tell me when free
            </button>
          )}
        </>
      )}
      <span className="hold-note" role="status">
        {note || (hold.kind === 'theirs' && hold.watching ? 'We will e-mail you when it is free' : '')}
      </span>
    </span>
  );
}
