/**
 * One endpoint: URL, state and events; show the secret, send a test event, enable or disable,
 * delete (asks once more), and its deliveries.
 */
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { DeliveriesTable } from './DeliveriesTable.tsx';
import { eventLabel, webhooksApi, when, type Delivery, type Webhook } from './webhooks-api.ts';

type Props = {
  hook: Webhook;
  /** the secret just created, shown until hidden */
  freshSecret: string | null;
  onChanged: (hook: Webhook) => void;
  onDeleted: (id: number) => void;
  announce: (message: string) => void;
};

export function WebhookItem({ hook, freshSecret, onChanged, onDeleted, announce }: Props) {
  const [secret, setSecret] = useState<string | null>(freshSecret);
  const [deliveries, setDeliveries] = useState<Delivery[] | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const titleId = `wh-${hook.id}-url`;

  async function run(action: () => Promise<void>) {
    setBusy(true);
    try {
      await action();
    } catch (err) {
      announce(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const loadDeliveries = async () => setDeliveries(await webhooksApi.deliveries(hook.id));

  const toggleSecret = () => run(async () => setSecret(secret ? null : await webhooksApi.secret(hook.id)));

  const sendTest = () =>
    run(async () => {
      const d = await webhooksApi.test(hook.id);
      announce(
        d.status === 'delivered'
          ? `Test event delivered (HTTP ${d.last_status}).`
          : `Test event failed: ${d.last_status ? `HTTP ${d.last_status}` : d.last_error}.`,
      );
      await loadDeliveries();
    });

  const setEnabled = (enabled: boolean) =>
    run(async () => {
      onChanged(await webhooksApi.update(hook.id, { enabled }));
      announce(enabled ? 'Endpoint enabled.' : 'Endpoint disabled.');
    });

  const remove = () =>
    run(async () => {
      await webhooksApi.remove(hook.id);
      onDeleted(hook.id);
      announce('Endpoint deleted.');
    });

  return (
    <li className="wh-item" aria-labelledby={titleId}>
      <div className="wh-item__head">
        <p id={titleId} className="wh-url">
          {hook.url}
        </p>
        {hook.test && <span className="wh-badge wh-badge--pending">Test</span>}
        <span className={`wh-badge wh-badge--${hook.enabled ? 'delivered' : 'failed'}`}>
          {hook.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      {hook.test && (
        <p className="acc-muted">Made with a test key: it receives test events only, marked data.test: true.</p>
      )}
      <p className="acc-muted">
        {hook.all_events ? 'All events' : hook.events.map(eventLabel).join(', ')} · added {when(hook.created_at)}
        {!hook.enabled && hook.disabled_at && <> · disabled {when(hook.disabled_at)}</>}
        {hook.failures_in_a_row > 0 && <> · {hook.failures_in_a_row} failed deliveries in a row</>}
      </p>
      {secret && (
        <div className="wh-secret">
          <p className="field__label" id={`wh-${hook.id}-secret`}>
            Signing secret{freshSecret === secret ? ' (keep it on your server)' : ''}
          </p>
          <code aria-labelledby={`wh-${hook.id}-secret`}>{secret}</code>
        </div>
      )}
      <div className="wh-actions">
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void toggleSecret()}>
          {secret ? 'Hide secret' : 'Show secret'}
        </button>
        <button type="button" className="btn btn--ghost btn--small" disabled={busy} onClick={() => void sendTest()}>
          Send test event
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={busy}
          onClick={() => void setEnabled(!hook.enabled)}
        >
          {hook.enabled ? 'Disable' : 'Enable'}
        </button>
        <button
          type="button"
          className="btn btn--ghost btn--small"
          disabled={busy}
          aria-expanded={deliveries !== null}
          onClick={() => (deliveries ? setDeliveries(null) : void run(loadDeliveries))}
        >
          {deliveries ? 'Hide deliveries' : 'Deliveries'}
        </button>
        {confirming ? (
          <>
            <button type="button" className="btn btn--small wh-danger" disabled={busy} onClick={() => void remove()}>
              Delete for good
            </button>
            <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </>
        ) : (
          <button type="button" className="btn btn--ghost btn--small" onClick={() => setConfirming(true)}>
            Delete
          </button>
        )}
      </div>
      {deliveries && <DeliveriesTable deliveries={deliveries} caption={`Deliveries to ${hook.url}`} />}
    </li>
  );
}
