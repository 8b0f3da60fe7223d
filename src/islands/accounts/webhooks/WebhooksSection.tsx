/**
 * The webhooks section of /my-account/api: the account's endpoints (at most five) with their
 * secrets, test events, state and deliveries, and a form to add one. Mounted by ApiPage.
 */
import { useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { WebhookForm } from './WebhookForm.tsx';
import { WebhookItem } from './WebhookItem.tsx';
import { MAX_WEBHOOKS, webhooksApi } from './webhooks-api.ts';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import './webhooks.css';

export function WebhooksSection() {
  const loaded = useApiQuery('webhooks', () => webhooksApi.list());
  const setHooks = loaded.setData;
  // a failed load shows no endpoints and says why
  const hooks = loaded.error != null ? [] : loaded.data;
  const [fresh, setFresh] = useState<{ id: number; secret: string } | null>(null);
  const [said, setMessage] = useState('');
  const failed = loaded.error instanceof ApiError ? loaded.error.message : 'Could not load your webhooks.';
  const message = said || (loaded.error != null ? failed : '');

  const created = (id: number, secret: string) => {
    setFresh({ id, secret });
    setMessage('Endpoint added. Copy its signing secret now; you can show it again later.');
    loaded.reload();
  };
  // the limit counts live endpoints (what this page adds); test ones, made with a test key, have their own
  const live = hooks?.filter((h) => !h.test).length ?? 0;
  const full = live >= MAX_WEBHOOKS;

  return (
    <section className="acc-card wh" id="webhooks" aria-labelledby="wh-title">
      <div className="acc-card__head">
        <h2 id="wh-title" className="acc-card__title">
          Webhooks
        </h2>
        {hooks && (
          <span className="acc-muted">
            {live} of {MAX_WEBHOOKS} endpoints
            {hooks.length > live && <> (and {hooks.length - live} test)</>}
          </span>
        )}
      </div>
      <p className="acc-muted">
        We POST each stock change to your HTTPS endpoint, signed as the Standard Webhooks specification describes (
        <code>webhook-id</code>, <code>webhook-timestamp</code>, <code>webhook-signature</code>). Answer with any 2xx
        within 10 seconds; failed deliveries are retried for about 19 hours, and an endpoint that keeps failing is
        disabled with an e-mail to you.
      </p>
      <p className="wh-status" role="status" aria-live="polite">
        {message}
      </p>
      {hooks === null ? (
        <p className="acc-muted" aria-busy="true">
          Loading your endpoints…
        </p>
      ) : hooks.length === 0 ? (
        <p className="acc-muted">No endpoints yet.</p>
      ) : (
        <ul className="wh-list">
          {hooks.map((hook) => (
            <WebhookItem
              key={hook.id}
              hook={hook}
              freshSecret={fresh?.id === hook.id ? fresh.secret : null}
              announce={setMessage}
              onChanged={(next) => setHooks((all) => all?.map((h) => (h.id === next.id ? next : h)) ?? null)}
              onDeleted={(id) => setHooks((all) => all?.filter((h) => h.id !== id) ?? null)}
            />
          ))}
        </ul>
      )}
      {full ? (
        <p className="acc-muted">
          You have {MAX_WEBHOOKS} endpoints, the most an account can have. Delete one to add another.
        </p>
      ) : (
        <WebhookForm disabled={hooks === null} onCreated={created} />
      )}
    </section>
  );
}
