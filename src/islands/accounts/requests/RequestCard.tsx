/**
 * One of the buyer's requests opened (GET /profile/requests/:id): terms and state, each line
 * with the staff's answer (accept or refuse an offered alternative), the total now, cancel
 * while allowed, the timeline and the message thread with staff. Opened from a link to it
 * (`intoView`), it scrolls itself into view once its detail is drawn, below the sticky header.
 */
import { useEffect, useRef, useState } from 'react';
import { formatPriceOrNA } from '../../../domain/bag/pricing.ts';
import { statusLabel } from '../../../domain/status-label.ts';
import { call, client, type AnswerOf } from '../../../lib/api.ts';
import { RequestThread } from '../../ui/requests/RequestThread.tsx';
import { RequestTimeline } from '../../ui/requests/RequestTimeline.tsx';
import '../../ui/requests/requests.css';

const api = client.profile.requests;
type Detail = AnswerOf<(typeof api)[':id']['$get']>;

type Props = { id: number; onChanged: (status: string) => void; intoView?: boolean };

export function RequestCard({ id, onChanged, intoView = false }: Props) {
  const [r, setR] = useState<Detail | null>(null);
  const card = useRef<HTMLDivElement>(null);
  const drawn = r != null;
  useEffect(() => {
    if (drawn && intoView) card.current?.scrollIntoView({ block: 'start' });
  }, [drawn, intoView]);
  const [error, setError] = useState<string | null>(null);
  const param = { id: String(id) };
  useEffect(() => {
    call(api[':id'].$get({ param: { id: String(id) } }))
      .then(setR)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : 'The request could not be loaded.'));
  }, [id]);
  const run = async (p: Promise<Detail>) => {
    try {
      const after = await p;
      setR(after);
      setError(null);
      onChanged(after.status);
    } catch (e) {
      setError(e instanceof Error ? e.message : 'That did not work; please try again.');
      throw e;
    }
  };
  if (!r) return <p className="acc-muted">{error ?? 'Loading the request…'}</p>;
  const reply = (lineId: number, answer: 'accepted' | 'refused') =>
    void run(
      call(
        api[':id'].lines[':lineId'].reply.$post({
          param: { ...param, lineId: String(lineId) },
          json: { reply: answer },
        }),
      ),
    ).catch(() => undefined);
  return (
    <div className="acc-request" id={`request-${r._id}`} ref={card}>
      <h3 className="acc-request__title">Request #{r._id}</h3>
      <p>
        <span className="badge">{statusLabel(r.status)}</span> · {r.terms === 'memo' ? 'Memo (on approval)' : 'Invoice'}
        {r.carrierRef ? ` · carrier reference ${r.carrierRef}` : ''}
      </p>
      <ul className="acc-request__lines">
        {r.lines.map((l) => (
          <li key={l._id}>
            <strong>{l.stockCode}</strong> {l.description} · {formatPriceOrNA(l.itemPrice, r.ccy)} ·{' '}
            {l.answer === 'pending' ? 'Awaiting our answer' : statusLabel(l.answer)}
            {l.alternative && (
              <div className="req-alt">
                Alternative offered: <strong>{l.alternative.stockCode}</strong> {l.alternative.description} at{' '}
                {formatPriceOrNA(l.alternative.price, r.ccy)}
                {l.alternative.reply ? (
                  ` · ${statusLabel(l.alternative.reply)}`
                ) : r.canReplyToAlternative ? (
                  <span className="req-actions">
                    <button type="button" className="btn btn--small" onClick={() => reply(l._id, 'accepted')}>
                      Accept {l.alternative.stockCode}
                    </button>
                    <button type="button" className="btn btn--small btn--ghost" onClick={() => reply(l._id, 'refused')}>
                      Refuse {l.alternative.stockCode}
                    </button>
                  </span>
                ) : null}
              </div>
            )}
          </li>
        ))}
      </ul>
      <p>
        Total now: <strong className="num">{formatPriceOrNA(r.currentTotal, r.ccy)}</strong> ({r.ccy})
      </p>
      {error && (
        <p className="req-error" role="alert">
          {error}
        </p>
      )}
      <div className="req-actions">
        {r.hasConfirmation && (
          <a className="btn btn--ghost" href={`/api/v1/profile/requests/${r._id}/confirmation.pdf`} download>
            Download the {r.terms === 'memo' ? 'memo' : 'pro-forma invoice'} (PDF)
          </a>
        )}
        {r.next.includes('cancelled') && (
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void run(call(api[':id'].cancel.$post({ param }))).catch(() => undefined)}
          >
            Cancel request #{r._id}
          </button>
        )}
      </div>
      <RequestTimeline entries={r.timeline} headingId={`acc-tl-${r._id}`} />
      <RequestThread
        messages={r.messages}
        open={r.canMessage}
        onSend={(body) => run(call(api[':id'].messages.$post({ param, json: { body } })))}
      />
    </div>
  );
}
