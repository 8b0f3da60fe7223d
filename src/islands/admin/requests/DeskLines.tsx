/**
 * The lines of a request on the staff desk: each stone with its price and answer and, while
 * the request is in review, the answer buttons (Confirm, Unavailable, Offer alternative by
 * stock code, priced by the server in the request's currency).
 */
import { useState } from 'react';
import { lineQuantity } from '../../../domain/bag/lines.ts';
import { statusLabel } from '../../../domain/status-label.ts';
import { fmtMoney } from '../dashboard/kit.tsx';
import type { FullRequest } from './RequestDesk.tsx';

type Line = FullRequest['lines'][number];
export type Answer = { answer: 'confirmed' } | { answer: 'unavailable' } | { answer: 'alternative'; stockCode: string };

const money = (n: number | null, ccy: string) => fmtMoney(n == null ? null : Math.round(n * 100), ccy);

function LineAnswerControls({ line, onAnswer }: { line: Line; onAnswer: (a: Answer) => Promise<void> }) {
  const [code, setCode] = useState('');
  const inputId = `alt-${line._id}`;
  return (
    <div className="req-actions">
      <button type="button" className="btn btn--small" onClick={() => void onAnswer({ answer: 'confirmed' })}>
        Confirm {line.stockCode}
      </button>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        onClick={() => void onAnswer({ answer: 'unavailable' })}
      >
        Unavailable
      </button>
      <span>
        <label className="field__label" htmlFor={inputId}>
          Alternative stock code for {line.stockCode}
        </label>
        <br />
        <input id={inputId} className="input" value={code} onChange={(e) => setCode(e.target.value)} />
      </span>
      <button
        type="button"
        className="btn btn--small btn--ghost"
        disabled={!code.trim()}
        onClick={() => void onAnswer({ answer: 'alternative', stockCode: code.trim() })}
      >
        Offer alternative
      </button>
    </div>
  );
}

export function DeskLines({
  request,
  onAnswer,
}: {
  request: FullRequest;
  onAnswer: (lineId: number, a: Answer) => Promise<void>;
}) {
  const answering = request.status === 'in_review';
  return (
    <table className="data-table adm-table req-lines">
      <caption className="sr-only">Lines and answers</caption>
      <thead>
        <tr>
          <th scope="col">Stone</th>
          <th scope="col" className="is-num">
            Price
          </th>
          <th scope="col">Answer</th>
        </tr>
      </thead>
      <tbody>
        {request.lines.map((l) => (
          <tr key={l._id}>
            <td>
              <strong>{l.stockCode}</strong>
              <br />
              <span className="adm-muted">
                {[l.description, lineQuantity(l)].filter(Boolean).join(' · ')}
                {l.acceptsAlternatives ? ' · accepts alternatives' : ''}
              </span>
            </td>
            <td className="is-num num" data-label="Price">
              {money(l.itemPrice, request.ccy)}
            </td>
            <td data-label="Answer">
              {statusLabel(l.answer)}
              {l.reserved && l.answer !== 'alternative' ? ' · reserved' : ''}
              {l.alternative && (
                <p className="req-alt">
                  Alternative {l.alternative.stockCode} at {money(l.alternative.price, request.ccy)}:{' '}
                  {l.alternative.reply ? statusLabel(l.alternative.reply) : 'awaiting the buyer'}
                </p>
              )}
              {answering && <LineAnswerControls line={l} onAnswer={(a) => onAnswer(l._id, a)} />}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total now ({request.ccy})</th>
          <td className="is-num num">
            <strong>{money(request.currentTotal, request.ccy)}</strong>
          </td>
          <td className="adm-muted">sent at {money(request.totalPrice, request.ccy)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
