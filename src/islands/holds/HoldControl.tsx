/**
 * A stone's hold control for a signed-in trader, wherever the stone appears (list row, stone
 * page, favourites, compare, bag): Hold; or, while it is theirs, the countdown with Release and
 * Extend (once, when allowed); or "On hold" (never who) with "Tell me when free". Parcels are
 * not held, and visitors see nothing.
 */
import { useEffect, useState } from 'react';
import { isParcel } from '../../domain/diamond.ts';
import { ApiError } from '../../lib/api.ts';
import { $holds, extendHold, holdOf, holdStone, loadHolds, releaseHold, watchStone } from '../../stores/holds.ts';
import { $isAuthorised } from '../../stores/session.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { Countdown } from './Countdown.tsx';
import './holds.css';

export function HoldControl({ id, catType, stockCode }: { id: number; catType: string; stockCode: string }) {
  const state = useIslandStore($holds, null);
  const signedIn = useIslandStore($isAuthorised, false);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  useEffect(loadHolds, []);
  if (!signedIn || isParcel(catType)) return null;
  const hold = holdOf(state, id);
  const run = (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setNote('');
    action()
      .then(() => setNote(done))
      .catch((err: unknown) =>
        setNote(err instanceof ApiError ? String(err.options?.message ?? err.message) : 'Try again'),
      )
      .finally(() => setBusy(false));
  };
  return (
    <span className="hold-control">
      {hold.kind === 'free' && (
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={busy}
          onClick={() => run(() => holdStone(id), `Stone ${stockCode} is on hold for you`)}
        >
          Hold
        </button>
      )}
      {hold.kind === 'mine' && (
        <>
          <span className="hold-badge hold-badge--mine">
            Held for you <Countdown until={hold.hold.expiresAt} />
          </span>
          <button
            type="button"
            className="cat-toggle-link"
            disabled={busy}
            onClick={() => run(() => releaseHold(hold.hold.id), 'Hold released')}
          >
            Release
          </button>
          {hold.hold.canExtend && (
            <button
              type="button"
              className="cat-toggle-link"
              disabled={busy}
              onClick={() => run(() => extendHold(hold.hold.id), 'Hold extended')}
            >
              Extend
            </button>
          )}
        </>
      )}
      {hold.kind === 'theirs' && (
        <>
          <span className="hold-badge">On hold</span>
          {hold.watching ? (
            <span className="hold-note">We will e-mail you when it is free</span>
          ) : (
            <button
              type="button"
              className="cat-toggle-link"
              disabled={busy}
              onClick={() => run(() => watchStone(id), 'We will e-mail you when it is free')}
            >
              Tell me when free
            </button>
          )}
        </>
      )}
      <span className="hold-note" role="status">
        {note}
      </span>
    </span>
  );
}
