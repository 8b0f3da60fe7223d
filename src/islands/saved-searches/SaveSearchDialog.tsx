/**
 * "Save search" in the list toolbar (signed-in traders): saves the list as it is now (tab,
 * filters, sort, visible columns, currency) under a name, with its alert settings.
 */
import { useStore } from '@nanostores/react';
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ComponentProps } from 'react';
import { addressOf } from '../../domain/catalogue/address.ts';
import type { ListState } from '../../domain/catalogue/index.ts';
import { MAIN_TAB_LABELS } from '../../domain/catalogue/tabs.ts';
import { routes } from '../../domain/routes.ts';
import { call, client } from '../../lib/api.ts';
import { $site } from '../../stores/site.ts';
import { browserTimeZone } from './AlertFields.tsx';
import { SearchForm } from './SearchForm.tsx';
import '../dialogs/dialogs.css';
import './saved-searches.css';

export function SaveSearchDialog({ state }: { state: ListState }) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const site = useStore($site);
  const currency = site.data?.ccy ?? 'GBP';
  const change = (next: boolean) => {
    setOpen(next);
    if (next) setSaved(null);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger className="btn btn--ghost btn--small ss-open">Save search</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fx-overlay" />
        <Dialog.Content className="fx-panel">
          <Dialog.Title className="fx-title">{saved ? 'Search saved' : 'Save this search'}</Dialog.Title>
          {saved ? (
            <>
              <Dialog.Description className="fx-message">
                “{saved}” is in your account, under <a href={routes.accountSavedSearches}>Saved searches</a>.
              </Dialog.Description>
              <div className="fx-actions">
                <Dialog.Close className="btn">Close</Dialog.Close>
              </div>
            </>
          ) : (
            <>
              <Dialog.Description className="fx-desc">
                The list as it is now: {MAIN_TAB_LABELS[state.tab]}, its filters and sort, the columns shown, prices in{' '}
                {currency}.
              </Dialog.Description>
              <NewSearchForm
                submitLabel="Save search"
                onCancel={() => setOpen(false)}
                onSave={async (values) => {
                  const made = await call(
                    client['saved-searches'].$post({
                      json: {
                        ...values,
                        view: addressOf(state, window.innerWidth),
                        columns: state.columns,
                        currency: currency as 'GBP',
                      },
                    }),
                  );
                  setSaved(made.name);
                }}
              />
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The form of a new search, alerts off, in the browser's time zone: read only once the dialog
 * shows it, as the browser's first answer for its zone costs the list's start several ms.
 */
function NewSearchForm(props: Omit<ComponentProps<typeof SearchForm>, 'initial'>) {
  const initial = {
    name: '',
    alert: 'off',
    digestHour: null,
    timeZone: browserTimeZone(),
    priceDropPct: null,
  } as const;
  return <SearchForm {...props} initial={initial} />;
}
