/**
 * The account's holds (GET /holds): the running ones with their countdown, Release and Extend
 * (once, when allowed), and those ended in the last 30 days with the reason each ended.
 */
import dayjs from 'dayjs';
import { useState } from 'react';
import { END_REASON_LABELS } from '../../domain/trade/holds.ts';
import { routes } from '../../domain/routes.ts';
import { call, client } from '../../lib/api.ts';
import { extendHold, releaseHold } from '../../stores/holds.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { Countdown } from './Countdown.tsx';
import './holds.css';

export function HoldsSection() {
  const { data, error, loading, reload } = useApiQuery('holds', (signal) =>
    call(client.holds.$get({}, { init: { signal } })),
  );
  const [busy, setBusy] = useState(false);
  const act = (run: () => Promise<unknown>) => {
    setBusy(true);
    void run()
      .catch(() => undefined)
      .finally(() => {
        setBusy(false);
        reload();
      });
  };
  return (
    <section className="acc-card" aria-labelledby="acc-holds">
      <div className="acc-card__head">
        <h2 id="acc-holds">Your holds</h2>
      </div>
      {loading && <p className="acc-muted">Loading your holds…</p>}
      {error != null && <p className="acc-muted">Your holds could not be loaded just now.</p>}
      {data && data.active.length === 0 && <p className="acc-muted">You hold no stones right now.</p>}
      {data && data.active.length > 0 && (
        <ul className="acc-holds">
          {data.active.map((h) => (
            <li key={h.id}>
              <a href={routes.diamond(h.diamondId)}>{h.stockCode}</a> {h.description}{' '}
              <span className="hold-badge hold-badge--mine">
                Ends in <Countdown until={h.expiresAt} />
              </span>{' '}
              <button
                type="button"
                className="cat-toggle-link"
                disabled={busy}
                onClick={() => act(() => releaseHold(h.id))}
              >
                Release {h.stockCode}
              </button>
              {h.canExtend && (
                <button
                  type="button"
                  className="cat-toggle-link"
                  disabled={busy}
                  onClick={() => act(() => extendHold(h.id))}
                >
                  Extend {h.stockCode}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && data.ended.length > 0 && (
        <>
          <h3>Ended</h3>
          <ul className="acc-holds">
            {data.ended.map((h) => (
              <li key={h.id}>
                {h.stockCode} — {h.endReason ? END_REASON_LABELS[h.endReason] : 'Ended'},{' '}
                {dayjs(h.endedAt).format('D MMM YYYY HH:mm')}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
