/**
 * The bag page island (/diamonds/bag): the table of lines, the running total (N/A if any parcel
 * is priced by items), Order Notes (20 rows), Alternatives to all items (ticks every line;
 * unticking one line clears it) and SEND REQUEST: a Sending warning while the request is on its
 * way, then Success only once the server took it (the reply replaces the signed-in user and the
 * empty bag links to the request in the account), or the server's reason; after a refusal the
 * bag is reloaded. Empty bag: 'Your Bag Is Currently Empty' with Go
 * shop. Visitors: sign in.
 */
import { useState } from 'react';
import type { RequestTerms } from '../../domain/trade/request-lifecycle.ts';
import { ORDER_NOTES_MAX, ORDER_NOTES_ROWS } from '../../domain/bag/payload.ts';
import { updateLine } from '../../stores/bag.ts';
import { openDialog } from '../../stores/dialog.ts';
import CurrencySelect from '../currency/CurrencySelect.tsx';
import { CharCount } from '../ui/CharCount.tsx';
import { TermsChoice } from '../ui/TermsChoice.tsx';
import { BagLineRow } from './BagLineRow.tsx';
import { sendBagRequest } from './send-request.ts';
import { dismissSnack, NOT_SENT_TITLE, SENDING, SENDING_MS, SENT, showSnack } from './snackbar.ts';
import { totalText, useBag } from './use-bag.ts';
import './bag-drawer.css';
import './bag-page.css';
import { routes } from '../../domain/routes.ts';
import { MakeClientPage } from '../client-pages/MakeClientPage.tsx';

export default function BagPage() {
  const bag = useBag();
  const [notes, setNotes] = useState('');
  const [allAlternatives, setAllAlternatives] = useState(false);
  const [terms, setTerms] = useState<RequestTerms>('memo');
  const [sending, setSending] = useState(false);
  /** the request just sent: the empty bag links to it */
  const [sent, setSent] = useState<{ id: number | null } | null>(null);

  if (!bag.sessionReady || (bag.signedIn && bag.status !== 'ready' && bag.lines.length === 0)) {
    return (
      <p className="bag-page__loading" aria-live="polite">
        Loading your bag…
      </p>
    );
  }
  if (!bag.signedIn) {
    return (
      <section className="bag-empty">
        <h2>Sign in to see your bag</h2>
        <p>The bag and requests are for approved trade customers.</p>
        <button type="button" className="btn" onClick={() => openDialog('login', { returnTo: routes.bag })}>
          Sign in
        </button>
      </section>
    );
  }
  if (bag.lines.length === 0) {
    return (
      <section className="bag-empty">
        <h2>Your Bag Is Currently Empty</h2>
        {sent && (
          <p role="status">
            {sent.id ? `Your request #${sent.id} has been sent. ` : 'Your request has been sent. '}
            <a className="link" href={sent.id ? routes.accountRequest(sent.id) : routes.accountRequests}>
              See it in your account
            </a>
          </p>
        )}
        <a className="btn" href={routes.catalogue}>
          Go shop
        </a>
      </section>
    );
  }

  const tickAll = (on: boolean) => {
    setAllAlternatives(on);
    if (on)
      for (const l of bag.lines) if (!l.acceptsAlternatives) updateLine(l.diamondId, { acceptsAlternatives: true });
  };
  const submit = async () => {
    if (bag.invalid > 0 || bag.live === 0) return; // Enter in a quantity field must not send either
    setSending(true);
    setSent(null);
    const warning = showSnack('warning', SENDING.title, SENDING.text, SENDING_MS);
    const result = await sendBagRequest(
      { orderNotes: notes, acceptsAnyAlternatives: allAlternatives, terms },
      bag.ccy,
      bag.rates,
    );
    dismissSnack(warning);
    setSending(false);
    if (!result.ok) return void showSnack('error', NOT_SENT_TITLE, result.reason);
    showSnack('success', SENT.title, SENT.text);
    setSent({ id: result.requestId });
    setNotes('');
    setAllAlternatives(false);
  };

  return (
    <form className="bag-page" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <table className="bag-table">
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Price per carat</th>
            <th scope="col">Weight / Items</th>
            <th scope="col">Price</th>
            <th scope="col">Alternatives</th>
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {bag.lines.map((l) => (
            <BagLineRow
              key={l.diamondId}
              line={l}
              ccy={bag.ccy}
              rates={bag.rates}
              onAlternative={(_id, on) => !on && setAllAlternatives(false)}
            />
          ))}
        </tbody>
      </table>
      <div className="bag-summary">
        <div className="bag-summary__form">
          <TermsChoice value={terms} onChange={setTerms} />
          <label className="bag-check bag-check--all">
            <input type="checkbox" checked={allAlternatives} onChange={(e) => tickAll(e.target.checked)} />
            <span>Alternatives to all items</span>
          </label>
          <div className="field">
            <label className="field__label" htmlFor="bag-notes">
              Order Notes
            </label>
            <textarea
              id="bag-notes"
              className="input bag-notes"
              rows={ORDER_NOTES_ROWS}
              maxLength={ORDER_NOTES_MAX}
              aria-describedby="bag-notes-count"
              value={notes}
              placeholder="Anything we should know: delivery, alternatives you would accept…"
              onChange={(e) => setNotes(e.target.value)}
            />
            <CharCount id="bag-notes-count" length={notes.length} max={ORDER_NOTES_MAX} />
          </div>
        </div>
        <aside className="bag-summary__total">
          <CurrencySelect id="bag-currency" />
          <p className="bag-total">
            <span>Total</span>
            <strong className="num" data-testid="bag-total">
              {totalText(bag)}
            </strong>
          </p>
          <p className={`bag-total__note${bag.invalid ? ' is-invalid' : ''}`} id="bag-send-note" aria-live="polite">
            {bag.invalid > 0
              ? `Correct the quantity of ${bag.invalid} line${bag.invalid === 1 ? '' : 's'} to send your request.`
              : bag.total == null
                ? 'Parcels priced by items are quoted by our team.'
                : `Prices in ${bag.ccy}, confirmed by our team.`}
          </p>
          <button
            type="submit"
            className="btn bag-send"
            aria-describedby="bag-send-note"
            disabled={sending || bag.live === 0 || bag.invalid > 0}
          >
            Send Request
          </button>
          <MakeClientPage diamondIds={bag.lines.filter((l) => l.inStock).map((l) => l.diamondId)} from="bag" />
        </aside>
      </div>
    </form>
  );
}
