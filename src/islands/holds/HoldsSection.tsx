/**
 * The account's Holds tab (GET /holds): the running holds with their countdown, Release, Extend
 * (once, when allowed) and Request it; those ended in the last 30 days with the reason each
 * ended; and the stones the trader asked to be told about when another buyer's hold ends.
 */
import dayjs from 'dayjs';
import { useState } from 'react';
import { END_REASON_LABELS } from '../../domain/trade/holds.ts';
import { routes } from '../../domain/routes.ts';
import { call, client } from '../../lib/api.ts';
import { unwatchStone } from '../../stores/holds.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { HeldActions, refusalText, type RunAction } from './HeldActions.tsx';
import './holds.css';

/** A held or watched stone: its code (to its page) and description. */
function Stone({ stone }: { stone: { diamondId: number; stockCode: string; description: string } }) {
  return (
    <p className="acc-hold__stone">
      <a className="num" href={routes.diamond(stone.diamondId)}>
        {stone.stockCode}
      </a>{' '}
      <span className="acc-muted">{stone.description}</span>
    </p>
  );
}

export function HoldsSection() {
  const { data, error, loading, reload } = useApiQuery('holds', (signal) =>
    call(client.holds.$get({}, { init: { signal } })),
  );
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const run: RunAction = (action, done) => {
    setBusy(true);
    setNote('');
    action()
      .then(() => setNote(done))
      .catch((err: unknown) => setNote(refusalText(err)))
      .finally(() => {
        setBusy(false);
        reload();
      });
  };
  return (
    <div className="acc-main">
      <section className="acc-card" aria-labelledby="acc-holds">
        <h2 id="acc-holds">Your holds</h2>
        <p className="hold-note" role="status">
          {note}
        </p>
        {loading && !data && <p className="acc-muted">Loading your holds…</p>}
        {error != null && <p className="acc-muted">Your holds could not be loaded just now.</p>}
        {data && data.active.length === 0 && <p className="acc-muted">You hold no stones right now.</p>}
        {data && data.active.length > 0 && (
          <ul className="acc-holds">
            {data.active.map((h) => (
              <li key={h.id} className="acc-hold">
                <Stone stone={h} />
                <span className="hold-control">
                  <HeldActions hold={h} stockCode={h.stockCode} busy={busy} run={run} onRequested={reload} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {data && data.ended.length > 0 && (
        <section className="acc-card" aria-labelledby="acc-holds-ended">
          <h2 id="acc-holds-ended">Ended holds</h2>
          <ul className="acc-holds">
            {data.ended.map((h) => (
              <li key={h.id} className="acc-hold">
                <p className="acc-hold__stone">
                  <span className="num">{h.stockCode}</span> <span className="acc-muted">{h.description}</span>
                </p>
                <p className="acc-hold__end">
                  {h.endReason ? END_REASON_LABELS[h.endReason] : 'Ended'}
                  <span className="acc-muted num"> · {dayjs(h.endedAt).format('D MMM YYYY HH:mm')}</span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      {data && data.watching.length > 0 && (
        <section className="acc-card" aria-labelledby="acc-holds-watching">
          <h2 id="acc-holds-watching">Tell me when free</h2>
          <p className="acc-muted">One e-mail when the other buyer's hold ends and the stone is still in stock.</p>
          <ul className="acc-holds">
            {data.watching.map((w) => (
              <li key={w.diamondId} className="acc-hold">
                <Stone stone={w} />
                <span className="hold-control">
                  <span className="hold-badge">{w.onHold ? 'On hold' : 'No longer on hold'}</span>
                  <button
                    type="button"
                    className="hold-action"
                    disabled={busy}
                    onClick={() => run(() => unwatchStone(w.diamondId), `No e-mail about ${w.stockCode}`)}
                  >
                    Stop<span className="sr-only"> telling me about {w.stockCode}</span>
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
