/**
 * The keys of /my-account/api: create (name, scope; the new key is shown once with a copy
 * button), the list (name, last four, scope, created, last used with address, expiry), roll
 * (with a choice of overlap) and revoke (after a confirmation).
 */
import dayjs from 'dayjs';
import { useState, type FormEvent } from 'react';
import { KEY_NAME_MAX } from '../../../domain/validation/api-keys.ts';
import { ApiError } from '../../../lib/api.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { keysApi, OVERLAP_CHOICES, type ApiKeyView, type NewKey, type Scope } from './keys-api.ts';

const when = (iso: string | null) => (iso ? dayjs(iso).format('DD/MM/YYYY HH:mm') : '—');
const errorText = (e: unknown) => (e instanceof ApiError ? e.message : 'Something went wrong. Please try again.');

type Props = { keys: ApiKeyView[]; maxActive: number; onChange: () => void };

export function ApiKeysSection({ keys, maxActive, onChange }: Props) {
  const [fresh, setFresh] = useState<NewKey | null>(null);
  const [error, setError] = useState('');
  const [rolling, setRolling] = useState<ApiKeyView | null>(null);
  const [overlap, setOverlap] = useState(24);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const active = keys.filter((k) => k.replacedBy === null).length;

  const act = async (fn: () => Promise<NewKey | ApiKeyView>) => {
    setError('');
    try {
      const out = await fn();
      if ('key' in out) setFresh(out);
      onChange();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return (
    <section className="acc-card api-keys" aria-labelledby="api-keys-title">
      <div className="acc-card__head">
        <h2 id="api-keys-title" className="acc-card__title">
          Keys
        </h2>
        <span className="acc-muted num">
          {active} of {maxActive} in use
        </span>
      </div>
      <CreateKeyForm
        disabled={active >= maxActive}
        onCreate={(name, scope) => act(() => keysApi.create(name, scope))}
      />
      {error && (
        <p className="api-error" role="alert">
          {error}
        </p>
      )}
      {fresh && <FreshKey made={fresh} onDone={() => setFresh(null)} />}
      {keys.length === 0 ? (
        <p className="acc-muted">No keys yet. Create one for each system that will call the API.</p>
      ) : (
        <div className="acc-table-wrap">
          <table className="data-table api-keys__table">
            <caption className="sr-only">Your API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scope</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((k) => (
                <tr key={k.id}>
                  <td data-label="Name">{k.name}</td>
                  <td data-label="Key" className="num">
                    …{k.last4}
                  </td>
                  <td data-label="Scope">{k.scope}</td>
                  <td data-label="Created" className="num">
                    {when(k.createdAt)}
                  </td>
                  <td data-label="Last used" className="num">
                    {k.lastUsedAt ? `${when(k.lastUsedAt)} · ${k.lastUsedIp ?? ''}` : 'Never'}
                  </td>
                  <td data-label="Expires" className="num">
                    {k.expiresAt ? `${when(k.expiresAt)} (rolled)` : 'Never'}
                  </td>
                  <td>
                    <div className="api-keys__actions">
                      {k.replacedBy === null && (
                        <button
                          type="button"
                          className="btn btn--small btn--ghost"
                          aria-label={`Roll ${k.name} (key ending ${k.last4})`}
                          onClick={() => {
                            setOverlap(24);
                            setRolling(k);
                          }}
                        >
                          Roll
                        </button>
                      )}
                      <button
                        type="button"
                        className="btn btn--small btn--ghost"
                        aria-label={`Revoke ${k.name} (key ending ${k.last4})`}
                        onClick={() => setRevoking(k)}
                      >
                        Revoke
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        open={rolling !== null}
        title={`Roll "${rolling?.name ?? ''}"?`}
        text="A new key replaces this one. Keep the old key working long enough to put the new one in place."
        confirmLabel="Roll key"
        onCancel={() => setRolling(null)}
        onConfirm={() => {
          const k = rolling!;
          setRolling(null);
          void act(() => keysApi.roll(k.id, overlap));
        }}
      >
        <label className="field api-keys__overlap">
          <span className="field__label">Old key keeps working for</span>
          <select className="select" value={overlap} onChange={(e) => setOverlap(Number(e.target.value))}>
            {OVERLAP_CHOICES.map((o) => (
              <option key={o.hours} value={o.hours}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      </ConfirmDialog>
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke "${revoking?.name ?? ''}"?`}
        text="The key stops working at once. Systems still using it will get 401 answers."
        confirmLabel="Revoke key"
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const k = revoking!;
          setRevoking(null);
          void act(() => keysApi.revoke(k.id));
        }}
      />
    </section>
  );
}

function CreateKeyForm({
  disabled,
  onCreate,
}: {
  disabled: boolean;
  onCreate: (name: string, scope: Scope) => Promise<void>;
}) {
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('trade');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    void onCreate(name.trim(), scope).then(() => setName(''));
  };
  return (
    <form className="api-keys__form" onSubmit={submit} aria-label="Create a key">
      <label className="field">
        <span className="field__label">Key name</span>
        <input
          className="input"
          value={name}
          maxLength={KEY_NAME_MAX}
          required
          placeholder="e.g. Website stock sync"
          onChange={(e) => setName(e.target.value)}
        />
      </label>
      <label className="field">
        <span className="field__label">Scope</span>
        <select className="select" value={scope} onChange={(e) => setScope(e.target.value as Scope)}>
          <option value="trade">Trade (servers)</option>
          <option value="retail">Retail (web pages)</option>
          <option value="test">Test (building an integration)</option>
        </select>
      </label>
      {scope === 'test' && (
        <p className="acc-muted api-keys__full">
          A test key reads the live stock at trade prices; holds made with it are answered as real ones but keep nothing
          from anyone, and nobody here is told. It manages only the webhook endpoints it makes, which receive test
          events only.
        </p>
      )}
      <button type="submit" className="btn" disabled={disabled}>
        Create key
      </button>
      {disabled && (
        <p className="acc-muted api-keys__full">You have the most keys allowed. Revoke one to create another.</p>
      )}
    </form>
  );
}

function FreshKey({ made, onDone }: { made: NewKey; onDone: () => void }) {
  return (
    <div className="api-fresh" role="region" aria-label="Your new key">
      <p>
        <strong>Copy your new key “{made.name}” now.</strong> It is shown only once; we keep only a fingerprint of it.
      </p>
      <code className="api-fresh__key" data-testid="new-key">
        {made.key}
      </code>
      <div className="api-fresh__actions">
        <CopyButton text={made.key} label="Copy key" />
        <button type="button" className="btn btn--small btn--ghost" onClick={onDone}>
          I have saved it
        </button>
      </div>
    </div>
  );
}
