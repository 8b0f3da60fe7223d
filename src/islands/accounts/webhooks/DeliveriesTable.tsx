/** The newest deliveries of one endpoint: when, event, status, attempts, last answer. */
import { when, type Delivery } from './webhooks-api.ts';

const STATUS: Record<Delivery['status'], string> = { pending: 'Retrying', delivered: 'Delivered', failed: 'Failed' };

function result(d: Delivery): string {
  if (d.status === 'pending' && d.attempts === 0) return 'Waiting to send';
  const answer = d.last_status ? `HTTP ${d.last_status}` : (d.last_error ?? '—');
  return d.status === 'pending' ? `${answer}; next try ${when(d.next_attempt_at)}` : answer;
}

export function DeliveriesTable({ deliveries, caption }: { deliveries: Delivery[]; caption: string }) {
  if (deliveries.length === 0) return <p className="acc-muted">No deliveries yet.</p>;
  return (
    <div className="acc-table-wrap" tabIndex={0} role="region" aria-label={caption}>
      <table className="data-table acc-requests wh-table">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col" className="is-num">
              Attempts
            </th>
            <th scope="col">Last answer</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id}>
              <td data-label="Created">{when(d.created_at)}</td>
              <td data-label="Event">
                <code>{d.type}</code>
              </td>
              <td data-label="Status">
                <span className={`wh-badge wh-badge--${d.status}`}>{STATUS[d.status]}</span>
              </td>
              <td className="is-num" data-label="Attempts">
                {d.attempts}
              </td>
              <td data-label="Last answer">{result(d)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
