/**
 * The client page (/client/{token}, shell page src/pages/client/index.astro): reads the token
 * from the address, asks GET /client-pages/public/{token} and shows the trader's logo and
 * company name, the title and one card per stone with its client price; "Download PDF" makes
 * the same content as a file. An expired or revoked page says so; an unknown one too (the
 * address itself then answered 410 or 404: api/static-site.ts).
 */
import { useEffect, useState } from 'react';
import type { PublicClientPage } from '../../domain/client-pages/view.ts';
import { ApiError, call, client } from '../../lib/api.ts';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { StoneCard } from './StoneCard.tsx';
import { downloadClientPdf } from './pdf-download.ts';
import './client-page.css';

const tokenOfPath = (path: string) => path.replace(/\/+$/, '').split('/').pop() ?? '';

function Gone({ error }: { error: unknown }) {
  const status = error instanceof ApiError ? error.status : 0;
  const msg = error instanceof ApiError ? error.msg : '';
  const title =
    status === 410
      ? 'This page is no longer available'
      : status === 404
        ? 'This page does not exist'
        : 'The page could not be loaded';
  const text =
    msg === 'client_page_expired'
      ? 'The selection shown here has expired. Please ask for a new link.'
      : status === 410
        ? 'The selection shown here has been withdrawn. Please ask for a new link.'
        : status === 404
          ? 'Please check the address you were sent.'
          : 'Please try again in a moment.';
  return (
    <section className="cp-gone" aria-live="polite">
      <h1>{title}</h1>
      <p>{text}</p>
    </section>
  );
}

function Page({ page }: { page: PublicClientPage }) {
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    document.title = `${page.title} · ${page.companyName}`;
  }, [page]);
  const download = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await downloadClientPdf(page);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const count = page.stones.length;
  return (
    <article className="cp">
      <header className="cp-head">
        {page.logoUrl && <img className="cp-logo" src={page.logoUrl} alt={`${page.companyName} logo`} />}
        <p className="cp-company">{page.companyName}</p>
        <h1>{page.title}</h1>
        <div className="cp-meta">
          <p>
            {count} {count === 1 ? 'stone' : 'stones'} · Prices in {page.currency}
          </p>
          <button type="button" className="btn btn--ghost" onClick={() => void download()} disabled={busy}>
            {busy ? 'Preparing PDF…' : 'Download PDF'}
          </button>
        </div>
        {failed && (
          <p role="alert" className="cp-error">
            The PDF could not be made. Please try again.
          </p>
        )}
      </header>
      <ul className="cp-grid" aria-label="Stones">
        {page.stones.map((s, i) => (
          <li key={i}>
            <StoneCard stone={s} />
          </li>
        ))}
      </ul>
    </article>
  );
}

export default function ClientPageApp() {
  const [token, setToken] = useState<string | null>(null);
  useEffect(() => setToken(tokenOfPath(window.location.pathname)), []);
  const { data, error, loading } = useApiQuery(token == null ? null : `client-page:${token}`, (signal) =>
    call(client['client-pages'].public[':token'].$get({ param: { token: token ?? '' } }, { init: { signal } })),
  );
  if (error) return <Gone error={error} />;
  if (loading || !data)
    return <div className="cp-loading" role="progressbar" aria-busy="true" aria-label="Loading the selection" />;
  return <Page page={data} />;
}
