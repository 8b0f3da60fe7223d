/**
 * The account's Saved searches tab (GET /saved-searches): each search with what it watches
 * and its alerts; Open (the saved address, with its columns and currency), Edit (name and
 * alerts), Delete (after a confirmation); and how many of the 25 are used.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { routes } from '../../domain/routes.ts';
import type { SavedSearchView } from '../../domain/saved-searches/schema.ts';
import { call, client } from '../../lib/api.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { browserTimeZone } from './AlertFields.tsx';
import { alertSummary, viewSummary } from './describe.ts';
import { openSavedSearch } from './open.ts';
import { SearchForm } from './SearchForm.tsx';
import '../dialogs/dialogs.css';
import './saved-searches.css';

export function SavedSearchesSection() {
  const { data, error, loading, reload } = useApiQuery('saved-searches', (signal) =>
    call(client['saved-searches'].$get({}, { init: { signal } })),
  );
  const [editing, setEditing] = useState<SavedSearchView | null>(null);
  const [deleting, setDeleting] = useState<SavedSearchView | null>(null);
  const [note, setNote] = useState('');

  const remove = async (s: SavedSearchView) => {
    setDeleting(null);
    try {
      await call(client['saved-searches'][':id'].$delete({ param: { id: String(s.id) } }));
      setNote(`“${s.name}” deleted`);
    } catch {
      setNote(`“${s.name}” could not be deleted just now`);
    }
    reload();
  };

  return (
    <div className="acc-main">
      <section className="acc-card" aria-labelledby="acc-saved">
        <div className="acc-card__head">
          <h2 id="acc-saved">Your saved searches</h2>
          {data && (
            <p className="acc-muted num ss-count">
              {data.searches.length} of {data.limit}
            </p>
          )}
        </div>
        <p className="ss-note" role="status">
          {note}
        </p>
        {loading && !data && <p className="acc-muted">Loading your saved searches…</p>}
        {error != null && <p className="acc-muted">Your saved searches could not be loaded just now.</p>}
        {data && data.searches.length === 0 && (
          <p className="acc-muted">
            None yet. Filter the <a href={routes.catalogue}>stone list</a> and choose Save search.
          </p>
        )}
        {data && data.searches.length > 0 && (
          <ul className="ss-list">
            {data.searches.map((s) => (
              <li key={s.id} className="ss-item">
                <div className="ss-item__text">
                  <h3 className="ss-item__name">{s.name}</h3>
                  <p className="acc-muted">{viewSummary(s)}</p>
                  <p className="acc-muted">{alertSummary(s)}</p>
                </div>
                <div className="ss-item__actions">
                  <a
                    className="btn btn--small"
                    href={s.view}
                    onClick={(e) => {
                      e.preventDefault();
                      void openSavedSearch(s);
                    }}
                  >
                    Open<span className="sr-only"> {s.name}</span>
                  </a>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(s)}>
                    Edit<span className="sr-only"> {s.name}</span>
                  </button>
                  <button type="button" className="btn btn--ghost btn--small" onClick={() => setDeleting(s)}>
                    Delete<span className="sr-only"> {s.name}</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Dialog.Root open={editing != null} onOpenChange={(o) => !o && setEditing(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fx-overlay" />
          <Dialog.Content className="fx-panel" aria-describedby={undefined}>
            <Dialog.Title className="fx-title">Edit saved search</Dialog.Title>
            {editing && (
              <SearchForm
                initial={{
                  name: editing.name,
                  alert: editing.alert,
                  digestHour: editing.digestHour,
                  timeZone: editing.timeZone ?? browserTimeZone(),
                  priceDropPct: editing.priceDropPct,
                }}
                submitLabel="Save changes"
                onCancel={() => setEditing(null)}
                onSave={async (values) => {
                  const done = await call(
                    client['saved-searches'][':id'].$patch({ param: { id: String(editing.id) }, json: values }),
                  );
                  setEditing(null);
                  setNote(`“${done.name}” saved`);
                  reload();
                }}
              />
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={deleting != null}
        title="Delete this saved search?"
        text={deleting ? `“${deleting.name}” and its alerts will be gone.` : ''}
        confirmLabel="Delete"
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
