/**
 * The lifecycle buttons of the staff desk: one per state the request may move to now
 * (src/domain/trade/request-lifecycle.ts), with the terms when confirming and the carrier
 * reference when shipping. While a line waits for staff or the buyer, the confirm button is
 * disabled and says what it waits for (the server refuses the same with a 409).
 */
import { useState } from 'react';
import {
  CONFIRM_REFUSALS,
  confirmError,
  type RequestState,
  type RequestTerms,
} from '../../../domain/trade/request-lifecycle.ts';
import { statusLabel } from '../../../domain/status-label.ts';
import type { FullRequest } from './RequestDesk.tsx';

export type Move = { status: RequestState; terms?: RequestTerms; carrierRef?: string };

const VERB: Partial<Record<RequestState, string>> = {
  in_review: 'Start review',
  confirmed: 'Confirm request',
  declined: 'Decline',
  shipped: 'Mark shipped',
  completed: 'Mark completed',
  returned: 'Mark returned',
  cancelled: 'Cancel request',
};

export function DeskMoves({ request, onMove }: { request: FullRequest; onMove: (m: Move) => Promise<void> }) {
  const [terms, setTerms] = useState<RequestTerms>(request.terms);
  const [carrierRef, setCarrierRef] = useState('');
  const next = request.next as RequestState[];
  const blocked = next.includes('confirmed')
    ? confirmError(request.lines.map((l) => ({ answer: l.answer, reply: l.alternative?.reply ?? null })))
    : null;
  const label = (s: RequestState) =>
    s === 'confirmed' && blocked ? CONFIRM_REFUSALS[blocked].button : (VERB[s] ?? statusLabel(s));
  if (next.length === 0)
    return <p className="adm-muted">This request is {statusLabel(request.status).toLowerCase()}.</p>;
  return (
    <div className="req-actions">
      {next.includes('confirmed') && (
        <label className="field">
          <span className="field__label">Terms on confirming</span>
          <select className="select" value={terms} onChange={(e) => setTerms(e.target.value as RequestTerms)}>
            <option value="memo">Memo (on approval)</option>
            <option value="invoice">Invoice</option>
          </select>
        </label>
      )}
      {next.includes('shipped') && (
        <label className="field">
          <span className="field__label">Carrier reference</span>
          <input className="input" value={carrierRef} onChange={(e) => setCarrierRef(e.target.value)} />
        </label>
      )}
      {next.map((s) => (
        <button
          key={s}
          type="button"
          className={s === 'cancelled' || s === 'declined' ? 'btn btn--ghost' : 'btn'}
          disabled={(s === 'shipped' && !carrierRef.trim()) || (s === 'confirmed' && blocked != null)}
          onClick={() =>
            void onMove({
              status: s,
              ...(s === 'confirmed' ? { terms } : {}),
              ...(s === 'shipped' ? { carrierRef: carrierRef.trim() } : {}),
            })
          }
        >
          {label(s)}
        </button>
      ))}
      {blocked && <p className="adm-muted">{CONFIRM_REFUSALS[blocked].sentence}</p>}
    </div>
  );
}
