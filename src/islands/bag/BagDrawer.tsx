/**
 * The bag drawer island (the side drawer in its bag mode), mounted once on every page by the
 * layout: a right-hand Radix Dialog titled YOUR BAG with the item count; each row shows the
 * stock code, a thumbnail, REMOVE and the item's details; then the total and VIEW BAG. It
 * opens focused on a row when `addToBag()` adds one. Also mounts the bag snackbars and a hold's
 * "Request it" dialog, keeps the bag in step with the session and fills the navigation's bag
 * count badge. A bag with stones starts the page's live stream (src/stores/live.ts).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { AT_BUILD } from '../ui/at-build.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { lazy, Suspense, useEffect } from 'react';
import { $bagCount, $bagDrawer, ADD_TO_BAG_EVENT, addToBag, closeBagDrawer, followSession } from '../../stores/bag.ts';
import { BagDrawerRow } from './BagDrawerRow.tsx';
import { Snackbars } from './Snackbars.tsx';
import { totalText, useBag } from './use-bag.ts';
import './bag-drawer.css';
import { DialogCloseButton } from '../ui/CloseButton.tsx';
import { routes } from '../../domain/routes.ts';
import { $holdRequest } from '../../stores/hold-request.ts';
import { startLive } from '../../stores/live.ts';

/** The hold's "Request it" dialog, loaded the first time a trader asks for it. */
const RequestHoldDialog = lazy(() => import('../holds/RequestHoldDialog.tsx'));

function useCountBadge() {
  const count = useIslandStore($bagCount, AT_BUILD.bagCount);
  useEffect(() => {
    for (const el of document.querySelectorAll<HTMLElement>('[data-count="bag"]')) {
      el.hidden = count <= 0;
      el.textContent = String(count);
    }
  }, [count]);
}

/**
 * Add to Basket from static markup (Astro components, other islands without the store): a
 * click on any `[data-add-to-bag="{diamondId}"]`, or a `facet:add-to-bag` event with
 * `detail: { _id }`, calls addToBag.
 */
function useAddToBagHooks() {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      const el = (e.target as Element | null)?.closest?.<HTMLElement>('[data-add-to-bag]');
      const id = Number(el?.dataset.addToBag);
      if (!el || !Number.isInteger(id) || id < 1) return;
      e.preventDefault();
      void addToBag({ _id: id });
    };
    const onEvent = (e: Event) => {
      const id = Number((e as CustomEvent<{ _id?: unknown }>).detail?._id);
      if (Number.isInteger(id) && id > 0) void addToBag({ _id: id });
    };
    document.addEventListener('click', onClick);
    document.addEventListener(ADD_TO_BAG_EVENT, onEvent);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener(ADD_TO_BAG_EVENT, onEvent);
    };
  }, []);
}

export default function BagDrawer() {
  const drawer = useIslandStore($bagDrawer, AT_BUILD.bagDrawer);
  const bag = useBag();
  const holdRequest = useIslandStore($holdRequest, null);
  useEffect(() => followSession(), []);
  // a bag with stones in it follows the live stream on every page, so its lines and warnings
  // are current whenever the drawer opens
  const filled = bag.lines.length > 0;
  useEffect(() => {
    if (filled) startLive();
  }, [filled]);
  useCountBadge();
  useAddToBagHooks();

  return (
    <>
      <Dialog.Root open={drawer.open} onOpenChange={(o) => !o && closeBagDrawer()}>
        <Dialog.Portal>
          <Dialog.Overlay className="bag-overlay" />
          <Dialog.Content
            className="bag-drawer"
            aria-describedby={undefined}
            onOpenAutoFocus={(e) => drawer.focusId != null && e.preventDefault()}
          >
            <header className="bag-drawer__head">
              <Dialog.Title className="bag-drawer__title">
                Your Bag <span className="bag-drawer__count num">({bag.lines.length})</span>
              </Dialog.Title>
              <DialogCloseButton className="bag-drawer__close" />
            </header>
            {bag.lines.length === 0 ? (
              <p className="bag-drawer__empty">Your Bag Is Currently Empty</p>
            ) : (
              <ul className="bag-drawer__list">
                {bag.lines.map((l) => (
                  <BagDrawerRow
                    key={l.diamondId}
                    line={l}
                    ccy={bag.ccy}
                    rates={bag.rates}
                    focused={l.diamondId === drawer.focusId}
                  />
                ))}
              </ul>
            )}
            <footer className="bag-drawer__foot">
              <p className="bag-drawer__total">
                <span>Total</span>
                <strong className="num" data-testid="bag-drawer-total">
                  {totalText(bag)}
                </strong>
              </p>
              <a className="btn bag-drawer__view" href={routes.bag} onClick={() => closeBagDrawer()}>
                View Bag
              </a>
            </footer>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <Snackbars />
      {holdRequest && (
        <Suspense fallback={null}>
          <RequestHoldDialog />
        </Suspense>
      )}
    </>
  );
}
