/**
 * /my-account/api: what API Link access allows, for users with api_allow (others are told
 * how to ask for it). No key management: the feed answers to the signed-in account.
 */
import type { UserView } from '../../stores/session.ts';
import { WebhooksSection } from './webhooks/WebhooksSection.tsx';

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
        <a className="link" href="/my-account#api-access">
          Back to your account <span className="arrow">→</span>
        </a>
      </section>
    );
  }
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <div className="acc-grid acc-grid--api">
      <section className="acc-card" aria-labelledby="api-allows">
        <h2 id="api-allows" className="acc-card__title">
          Your access
        </h2>
        <p className="acc-muted">
          API Link is enabled for <strong>{user.companyName || user.email}</strong>. It gives your systems the same live
          stock list you see on the site, with your trade prices.
        </p>
        <ul className="acc-list">
          <li>Every stone, lab-grown stone and parcel in stock, refreshed as our stock changes.</li>
          <li>Grades, measurements, lab and certificate details, media links and availability.</li>
          <li>Your trade prices (USD for stones, GBP per carat for parcels) and special offers.</li>
          <li>Paged results with sorting, up to 100 stones a page.</li>
        </ul>
      </section>
      <section className="acc-card" aria-labelledby="api-how">
        <h2 id="api-how" className="acc-card__title">
          How to call it
        </h2>
        <p className="acc-muted">Sign in with your account, then ask for a page of stock:</p>
        <pre className="acc-code">
          <code>{`GET ${origin}/api/v1/diamonds?page=1&limit=100&sort=createdAt&order=1`}</code>
        </pre>
        <p className="acc-muted">
          Answers are JSON: <code>docs</code>, <code>totalDocs</code>, <code>page</code>, <code>totalPages</code>.
          Questions? <a href="/contact-us">Contact us</a>.
        </p>
      </section>
      {/* issue 12c: webhooks section (own files under ./webhooks/) */ <WebhooksSection />}
    </div>
  );
}
