/**
 * The account's Client pages tab (GET /client-pages): every page the trader made, newest
 * first, with its views, expiry and state; open it, copy its address, or revoke it (the
 * address then answers that the page is no longer available).
 */
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ClientPageView } from '../../domain/client-pages/view.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { CopyButton } from '../ui/CopyButton.tsx';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { generalMessage } from '../dialogs/use-form.ts';
import { fullAddress, listClientPages, revokeClientPage } from './client-pages-api.ts';
import './client-pages-section.css';

const day = (iso: string) => dayjs(iso).format('D MMM YYYY');

function stateText(p: ClientPageView): string {
  if (p.state === 'revoked') return `Revoked ${day(p.revokedAt ?? p.createdAt)}`;
  if (p.state === 'expired') return `Expired ${day(p.expiresAt ?? p.createdAt)}`;
  return p.expiresAt ? `Open until ${day(p.expiresAt)}` : 'No expiry';
}

function PageItem({ page, onRevoke }: { page: ClientPageView; onRevoke: (p: ClientPageView) => void }) {
  const live = page.state === 'live';
  const stones = `${page.stoneCount} ${page.stoneCount === 1 ? 'stone' : 'stones'}`;
  return (
    <li className={`acc-cp${live ? '' : ' is-closed'}`}>
      <div className="acc-cp__main">
        <h3>{page.title}</h3>
        <p className="acc-muted num">
          {stones} · {page.markupPct} % markup · {page.currency} · made {day(page.createdAt)}
        </p>
        <p className="num">
          <span className="acc-cp__views">
            {page.views} {page.views === 1 ? 'view' : 'views'}
          </span>{' '}
          · <span>{stateText(page)}</span>
        </p>
      </div>
      {live && (
        <div className="acc-cp__actions">
          <a className="btn btn--ghost btn--small" href={page.url} target="_blank" rel="noopener">
            Open<span className="sr-only"> {page.title}</span>
          </a>
          <CopyButton text={fullAddress(page.url)} label="Copy address" className="btn btn--ghost btn--small" />
          <button type="button" className="btn btn--ghost btn--small" onClick={() => onRevoke(page)}>
            Revoke<span className="sr-only"> {page.title}</span>
          </button>
        </div>
      )}
    </li>
  );
}

export function ClientPagesSection() {
  const { data, error, loading, reload } = useApiQuery('client-pages', (signal) => listClientPages(signal));
  const [asked, setAsked] = useState<ClientPageView | null>(null);
  const [note, setNote] = useState('');
  const revoke = (page: ClientPageView) => {
    setAsked(null);
    setNote('');
    revokeClientPage(page.id)
      .then(() => setNote(`"${page.title}" is revoked: its address no longer opens.`))
      .catch((err: unknown) => setNote(generalMessage(err)))
      .finally(reload);
  };
  const pages = data?.docs ?? [];
  return (
    <div className="acc-main">
      <section className="acc-card" aria-labelledby="acc-client-pages">
        <h2 id="acc-client-pages">Your client pages</h2>
        <p className="acc-muted">
          Make a page from your bag, favourites, compare list or a pasted list: your clients see your prices, never the
          trade price.
        </p>
        <p role="status" className="acc-cp__note">
          {note}
        </p>
        {loading && !data && <p className="acc-muted">Loading your client pages…</p>}
        {error != null && <p className="acc-muted">Your client pages could not be loaded just now.</p>}
        {data && pages.length === 0 && <p className="acc-muted">You have not made a client page yet.</p>}
        {pages.length > 0 && (
          <ul className="acc-cps" aria-label="Client pages">
            {pages.map((p) => (
              <PageItem key={p.id} page={p} onRevoke={setAsked} />
            ))}
          </ul>
        )}
      </section>
      <ConfirmDialog
        open={asked != null}
        title="Revoke this client page?"
        text={`"${asked?.title ?? ''}" will stop opening at once, for everyone who has its address. This cannot be undone.`}
        confirmLabel="Revoke"
        onConfirm={() => asked && revoke(asked)}
        onCancel={() => setAsked(null)}
      />
    </div>
  );
}
