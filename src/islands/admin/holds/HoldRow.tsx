/**
 * One hold in the staff Holds table: stone, customer, placed, end, state; while it runs,
 * Release and a new end time (a local date and time, sent as an ISO time).
 */
import { useState } from 'react';
import { END_REASON_LABELS } from '../../../domain/trade/holds.ts';
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { fmtDateTime, generalMessage } from '../dashboard/kit.tsx';

export type StaffHold = AnswerOf<typeof client.admin.holds.$get>['docs'][number];

/** An ISO time as a datetime-local value in the browser's zone ("2026-11-25T21:30"). */
export function localInput(iso: string): string {
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function HoldRow({ hold, onChanged }: { hold: StaffHold; onChanged: (text: string, error?: boolean) => void }) {
  const [end, setEnd] = useState(localInput(hold.expiresAt));
  const [busy, setBusy] = useState(false);
  const param = { id: String(hold.id) };
  const run = (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    action()
      .then(() => onChanged(done))
      .catch((err: unknown) => onChanged(generalMessage(err), true))
      .finally(() => setBusy(false));
  };
  const who = hold.customer.company || hold.customer.email;
  return (
    <tr>
      <td>
        <strong>{hold.stockCode}</strong>
        <span className="adm-muted"> {hold.description}</span>
      </td>
      <td>{who}</td>
      <td className="num">{fmtDateTime(hold.createdAt)}</td>
      <td className="num">{fmtDateTime(hold.endedAt ?? hold.expiresAt)}</td>
      <td>{hold.endedAt ? `Ended: ${hold.endReason ? END_REASON_LABELS[hold.endReason] : 'ended'}` : 'Active'}</td>
      <td>
        {!hold.endedAt && (
          <form
            className="adk-bar"
            onSubmit={(e) => {
              e.preventDefault();
              const at = new Date(end);
              if (Number.isNaN(at.getTime())) return onChanged('Choose a date and time', true);
              run(
                () => call(client.admin.holds[':id'].$patch({ param, json: { expires_at: at.toISOString() } })),
                `The hold on ${hold.stockCode} now ends ${fmtDateTime(at.toISOString())}`,
              );
            }}
          >
            <label className="field">
              <span className="field__label">New end for {hold.stockCode}</span>
              <input
                className="input"
                type="datetime-local"
                value={end}
                required
                onChange={(e) => setEnd(e.target.value)}
              />
            </label>
            <button type="submit" className="btn btn--ghost btn--small" disabled={busy}>
              Save end
            </button>
            <button
              type="button"
              className="btn btn--ghost btn--small"
              disabled={busy}
              aria-label={`Release ${hold.stockCode}`}
              onClick={() =>
                run(
                  () => call(client.admin.holds[':id'].$delete({ param })),
                  `The hold on ${hold.stockCode} is released`,
                )
              }
            >
              Release
            </button>
          </form>
        )}
      </td>
    </tr>
  );
}
