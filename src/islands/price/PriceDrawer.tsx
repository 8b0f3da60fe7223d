/**
 * The PRICE drawer (the side drawer in its price mode): a right-hand
 * panel titled PRICE with the stone's price breakdown in the chosen currency
 * (src/domain/catalogue/price-breakdown.ts): price and per carat, special against original
 * with the saving, and for parcels the per-carat and the whole weight's price. Signed-in users
 * only (the buttons that open it are theirs; a visitor's doc carries no prices anyway).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useStore } from '@nanostores/react';
import { priceBreakdown } from '../../domain/catalogue/price-breakdown.ts';
import { formatPrice, formatWeight } from '../../domain/money.ts';
import { $priceDrawer, closePriceDrawer } from '../../stores/price-drawer.ts';
import { $site } from '../../stores/site.ts';
import { DialogCloseButton } from '../ui/CloseButton.tsx';
import '../diamond-detail/share.css';
import './price.css';
import { isParcel } from '../../domain/diamond.ts';

export function PriceDrawer() {
  const doc = useStore($priceDrawer);
  const site = useStore($site).data;
  const ccy = site?.ccy ?? 'GBP';
  const b = doc && site ? priceBreakdown(doc, ccy, site.fxrates) : null;
  const parcel = isParcel(doc?.StkCatType);
  return (
    <Dialog.Root open={doc != null} onOpenChange={(o) => !o && closePriceDrawer()}>
      <Dialog.Portal>
        <Dialog.Overlay className="sd-drawer__overlay" />
        <Dialog.Content className="sd-drawer price-drawer" aria-describedby="price-drawer-text">
          <div className="sd-drawer__head">
            <Dialog.Title className="sd-drawer__title">PRICE</Dialog.Title>
            <DialogCloseButton className="sd-drawer__close" />
          </div>
          {doc && (
            <p className="sd-drawer__text" id="price-drawer-text">
              <span className="num">{doc.StkCodeCalcNS}</span> ·{' '}
              {parcel ? `parcel of ${formatWeight(doc.STWeight)}` : formatWeight(doc.STWeight)} · prices in {ccy}
            </p>
          )}
          {b && b.lines.length > 0 ? (
            <dl className="price-lines" data-testid="price-breakdown">
              {b.lines.map((l) => (
                <div key={l.label} className={l.label.startsWith('Original') ? 'is-original' : undefined}>
                  <dt>{l.label}</dt>
                  <dd className="num">{formatPrice(l.amount, ccy)}</dd>
                </div>
              ))}
              {b.saving && (
                <div className="price-lines__saving">
                  <dt>Special offer saving</dt>
                  <dd className="num">
                    {formatPrice(b.saving.amount, ccy)} ({b.saving.percent}%)
                  </dd>
                </div>
              )}
            </dl>
          ) : (
            <p className="sd-drawer__text">No price on file for this stone: please ask our team.</p>
          )}
          <p className="price-drawer__note">
            Trade prices, before VAT and delivery, confirmed by our team with each request.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
