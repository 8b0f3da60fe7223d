/**
 * "Make a client page" from a selection (the bag, favourites, compare, a pasted list): a
 * button and its dialog. The form (title, company name, logo, markup, currency, hide stock
 * codes, expiry) is checked with the API's schema; the dialog ends with the page's address to
 * copy or open.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { routes } from '../../domain/routes.ts';
import type { ClientPageView } from '../../domain/client-pages/view.ts';
import { $isAuthorised } from '../../stores/session.ts';
import { CopyButton } from '../ui/CopyButton.tsx';
import { DialogFrame } from '../dialogs/DialogFrame.tsx';
import { ClientPageForm } from './ClientPageForm.tsx';
import { fullAddress } from './client-pages-api.ts';
import '../dialogs/dialogs.css';
import './make-client-page.css';

function Done({ page, logoFailed }: { page: ClientPageView; logoFailed: string }) {
  const address = fullAddress(page.url);
  return (
    <div className="fx-form mcp-done">
      <p className="fx-notice fx-notice--info" role="status">
        Your client page is ready: {page.stoneCount} {page.stoneCount === 1 ? 'stone' : 'stones'} at your prices in{' '}
        {page.currency}.
      </p>
      {logoFailed && (
        <p className="fx-notice fx-notice--error" role="alert">
          The logo was not added: {logoFailed}
        </p>
      )}
      <div className="field">
        <label className="field__label" htmlFor="mcp-address">
          Address to send your client
        </label>
        <input id="mcp-address" className="input" readOnly value={address} onFocus={(e) => e.target.select()} />
      </div>
      <div className="fx-actions">
        <CopyButton text={address} label="Copy the address" className="btn" />
        <a className="btn btn--ghost" href={page.url} target="_blank" rel="noopener">
          Open the page
        </a>
      </div>
      <a className="link" href={routes.accountClientPages}>
        All your client pages
      </a>
    </div>
  );
}

/** Signed-in traders only: a visitor sees nothing. `diamondIds`: the selection's stones in stock. */
export function MakeClientPage({
  diamondIds,
  from,
  small = false,
}: {
  diamondIds: readonly number[];
  from: string;
  small?: boolean;
}) {
  const signedIn = useStore($isAuthorised);
  const [open, setOpen] = useState(false);
  const [made, setMade] = useState<{ page: ClientPageView; logoFailed: string } | null>(null);
  const change = (o: boolean) => {
    setOpen(o);
    if (!o) setMade(null);
  };
  if (!signedIn) return null;
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Trigger
        className={`btn btn--ghost mcp-trigger${small ? ' btn--small' : ''}`}
        disabled={diamondIds.length === 0}
      >
        Make a client page
      </Dialog.Trigger>
      {open && (
        <DialogFrame
          title={made ? 'Client page made' : 'Make a client page'}
          description={
            made
              ? undefined
              : `A page for your client of the ${diamondIds.length} ${diamondIds.length === 1 ? 'stone' : 'stones'} in your ${from}, at your prices: never the trade price.`
          }
        >
          {made ? (
            <Done {...made} />
          ) : (
            <ClientPageForm diamondIds={diamondIds} onMade={(page, logoFailed) => setMade({ page, logoFailed })} />
          )}
        </DialogFrame>
      )}
    </Dialog.Root>
  );
}
