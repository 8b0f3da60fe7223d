/**
 * /my-account/api, the integration home for customers with api_allow (others are told how to
 * ask for it): keys, usage, retail markup, quick start, the sync recipe and the field
 * reference. Keys, usage and markup come from /api/v1/profile/api-keys, /api-usage, /api-link.
 */
import type { UserView } from '../../stores/session.ts';
import { WebhooksSection } from './webhooks/WebhooksSection.tsx';
import { ApiGuide } from './api/ApiGuide.tsx';
import { ApiKeysSection } from './api/ApiKeysSection.tsx';
import { keysApi, LINK_BASE_PATH } from './api/keys-api.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { QuickStart } from './api/QuickStart.tsx';
import { RetailMarkup } from './api/RetailMarkup.tsx';
import { UsageChart } from './api/UsageChart.tsx';
import { routes } from '../../domain/routes.ts';

function useApiHome() {
  const { data, error, reload } = useApiQuery('api-home', (signal) =>
    Promise.all([keysApi.list(signal), keysApi.usage(signal)]),
  );
  return { keys: data?.[0] ?? null, usage: data?.[1].days ?? null, failed: error != null, reload };
}

export function ApiPage({ user }: { user: UserView }) {
  if (!user.api_allow) {
    return (
      <section className="acc-card">
        <h2 className="acc-card__title">API Link is not enabled for your account yet</h2>
        <p className="acc-muted">
          {user.requestApiAccess
            ? 'We have your request and will be in touch once your access is ready.'
            : 'Ask for access from your account page and our team will set it up.'}
        </p>
        <a className="link" href={routes.accountApiAccess}>
          Back to your account <span className="arrow">→</span>
        </a>
      </section>
    );
  }
  return <ApiHome />;
}

function ApiHome() {
  const { keys, usage, failed, reload } = useApiHome();
  const base = `${typeof window === 'undefined' ? '' : window.location.origin}${LINK_BASE_PATH}`;
  return (
    <div className="api-home">
      {failed && (
        <p className="api-error" role="alert">
          Your keys could not be loaded. Please reload the page.
        </p>
      )}
      {keys && <ApiKeysSection keys={keys.docs} maxActive={keys.maxActive} onChange={reload} />}
      <div className="acc-grid">
        <div className="acc-main">
          {usage && <UsageChart days={usage} />}
          <QuickStart base={base} />
        </div>
        <aside className="acc-side">
          {keys && <RetailMarkup initial={keys.retailMarkupPct} />}
          <ApiGuide base={base} />
        </aside>
      </div>
      <WebhooksSection />
    </div>
  );
}
