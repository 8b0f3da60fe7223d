/**
 * The stock API keys (scope `stock`) of the wholesaler's own system: made here by staff only,
 * shown once when made, revoked at once (confirmed). What a key may call is in the API
 * reference (/api/link/docs, "Stock push").
 */
import { useState, type FormEvent } from 'react';
import { call, client } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { useApiQuery } from '../../ui/useApiQuery.ts';
import { failedNotice, fmtDateTime, Notice, type NoticeState } from '../dashboard/kit.tsx';

export function StockKeys() {
  const keys = client.admin['stock-import']['api-keys'];
  const { data, error, reload } = useApiQuery('stock-keys', (signal) => call(keys.$get({}, { init: { signal } })));
  const [name, setName] = useState('');
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: number; name: string } | null>(null);
  const [notice, setNotice] = useState<NoticeState>(null);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    try {
      const k = await call(keys.$post({ json: { name } }));
      setMade({ name: k.name, key: k.key });
      setName('');
      reload();
    } catch (err) {
      setNotice(failedNotice(err));
    }
  };
  const revoke = async (id: number) => {
    setRevoking(null);
    try {
      await call(keys[':keyId'].$delete({ param: { keyId: String(id) } }));
      setNotice({ kind: 'info', text: 'The key was revoked: it no longer works.' });
      reload();
    } catch (err) {
      setNotice(failedNotice(err));
    }
  };

  return (
    <section aria-labelledby="adm-stock-keys">
      <header className="adm-head">
        <h1 id="adm-stock-keys">Stock API keys</h1>
        <p className="adm-muted">
          Keys for your own stock system to push stock through API Link (POST /api/link/v1/stock/imports, and one stone
          at a time). A stock key pushes stock and reads nothing else.
        </p>
      </header>
      <Notice notice={failedNotice(error)} />
      <Notice notice={notice} />
      <form className="adk-form" onSubmit={(e) => void create(e)}>
        <label className="field">
          <span className="field__label">Key name</span>
          <input
            className="input"
            required
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="ERP stock push"
          />
        </label>
        <div className="adk-actions">
          <button type="submit" className="btn">
            Make a stock key
          </button>
        </div>
      </form>
      {made && (
        <div className="adk-panel" role="status">
          <h2>Your new key “{made.name}”</h2>
          <p>Copy it now: it is shown only once.</p>
          <p>
            <code className="num adm-wrap">{made.key}</code>
          </p>
          <CopyButton text={made.key} label="Copy the key" className="btn btn--small btn--ghost" />
        </div>
      )}
      {data && data.docs.length === 0 && <p className="adm-empty">No stock keys yet.</p>}
      {data && data.docs.length > 0 && (
        <ul className="adm-detail__list" aria-label="Stock keys">
          {data.docs.map((k) => (
            <li key={k.id}>
              <span>
                {k.name} <span className="num adm-muted">…{k.last4}</span>
              </span>
              <span className="adm-muted">made by {k.holder}</span>
              <span className="num adm-muted">{k.lastUsedAt ? `used ${fmtDateTime(k.lastUsedAt)}` : 'never used'}</span>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                aria-label={`Revoke key ${k.name}`}
                onClick={() => setRevoking({ id: k.id, name: k.name })}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke key "${revoking?.name ?? ''}"?`}
        text="The key stops working at once: your stock system can no longer push with it."
        confirmLabel="Revoke key"
        onCancel={() => setRevoking(null)}
        onConfirm={() => revoking && void revoke(revoking.id)}
      />
    </section>
  );
}
