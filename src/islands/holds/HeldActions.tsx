/**
 * What the holder sees of their own hold, wherever it is shown (a stone's hold control, the
 * account's Holds tab): the live countdown, Release, Extend (once, when allowed) and Request it
 * (the hold turned into a request through a small dialog). `run` carries out an action and
 * reports its outcome in the caller's status line; buttons name the stone for screen readers.
 */
import { ApiError } from '../../lib/api.ts';
import { openHoldRequest } from '../../stores/hold-request.ts';
import { extendHold, releaseHold } from '../../stores/holds.ts';
import { Countdown } from './Countdown.tsx';

export type MyHold = { id: number; diamondId: number; expiresAt: string; canExtend: boolean };
export type RunAction = (action: () => Promise<unknown>, done: string) => void;

/** A refused hold action in words: the server's sentence when it has one. */
export const refusalText = (err: unknown): string =>
  err instanceof ApiError ? String(err.options?.message ?? err.message) : 'Try again';

type Props = { hold: MyHold; stockCode: string; busy: boolean; run: RunAction; onRequested?: () => void };

export function HeldActions({ hold, stockCode, busy, run, onRequested }: Props) {
  const named = <span className="sr-only"> {stockCode}</span>;
  return (
    <>
      <span className="hold-badge hold-badge--mine">
        Held for you <Countdown until={hold.expiresAt} />
      </span>
      <span className="hold-actions">
        <button
          type="button"
          className="hold-action"
          disabled={busy}
          onClick={() => run(() => releaseHold(hold.id), 'Hold released')}
        >
          Release{named}
        </button>
        {hold.canExtend && (
          <button
            type="button"
            className="hold-action"
            disabled={busy}
            onClick={() => run(() => extendHold(hold.id), 'Hold extended')}
          >
            Extend{named}
          </button>
        )}
        <button
          type="button"
          className="hold-action hold-action--strong"
          aria-haspopup="dialog"
          disabled={busy}
          onClick={() => openHoldRequest({ diamondId: hold.diamondId, stockCode, onClosed: onRequested })}
        >
          Request it{named}
        </button>
      </span>
    </>
  );
}
