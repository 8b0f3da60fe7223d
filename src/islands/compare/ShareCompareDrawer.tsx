/**
 * SHARE for the compare board: the side drawer (the stone page's share drawer look) that makes
 * a signed link to a read-only page of the board's stones in their order, with Copy link and a
 * way to open it. Visitors see the stones' grades there and no prices; signed-in traders see
 * their own prices. Opened by signed-in traders only (a visitor's Share opens the sign-in).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { call, client } from '../../lib/api.ts';
import { openDialog } from '../../stores/dialog.ts';
import { $isAuthorised } from '../../stores/session.ts';
import { routes } from '../../domain/routes.ts';
import { MAX_SHARED } from '../../domain/catalogue/compare-share.ts';
import { DialogCloseButton } from '../ui/CloseButton.tsx';
import { CopyButton } from '../ui/CopyButton.tsx';
import { useApiQuery } from '../ui/useApiQuery.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import '../diamond-detail/share.css';
import './compare-share.css';

export function ShareCompare({ ids }: { ids: readonly number[] }) {
  const [open, setOpen] = useState(false);
  const signedIn = useIslandStore($isAuthorised, false);
  const shared = ids.slice(0, MAX_SHARED);
  const key = open ? shared.join(',') : null;
  const { data, error } = useApiQuery(key, (signal) =>
    call(client.compare.share.$post({ json: { ids: shared } }, { init: { signal } })),
  );
  const url = data ? new URL(data.path, window.location.origin).href : '';

  const onShare = () => {
    if (signedIn) setOpen(true);
    else openDialog('login', { returnTo: routes.compare });
  };

  return (
    <>
      <button type="button" className="btn btn--ghost btn--small" onClick={onShare}>
        Share
      </button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="sd-drawer__overlay" />
          <Dialog.Content className="sd-drawer" aria-describedby="cmp-share-text">
            <div className="sd-drawer__head">
              <Dialog.Title className="sd-drawer__title">SHARE</Dialog.Title>
              <DialogCloseButton className="sd-drawer__close" />
            </div>
            <p className="sd-drawer__text" id="cmp-share-text">
              A read-only page of {shared.length === 1 ? 'this stone' : `these ${shared.length} stones`}, in this order.
              Visitors see the grades and no prices; signed-in traders see their own prices.
              {ids.length > MAX_SHARED && ` A link holds the first ${MAX_SHARED} stones.`}
            </p>
            {error ? (
              <p className="sd-drawer__text" role="alert">
                The link could not be made. Please try again.
              </p>
            ) : !data ? (
              <p className="sd-drawer__text" aria-busy="true">
                Making the link…
              </p>
            ) : (
              <div className="cmp-share">
                <label className="field">
                  <span className="field__label">Address of the shared compare</span>
                  <input className="input" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
                </label>
                <div className="cmp-share__actions">
                  <CopyButton text={url} label="Copy link" />
                  <a className="btn btn--ghost btn--small" href={data.path} target="_blank" rel="noopener">
                    Open the page
                  </a>
                </div>
              </div>
            )}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
