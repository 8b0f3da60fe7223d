/**
 * "Request it": a small dialog that turns the trader's hold on one stone into a request, with
 * the bag form's memo / invoice choice. Success is shown only once the server has the request
 * (with a link to it in the account); a refusal shows the server's reason and keeps the dialog.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { routes } from '../../domain/routes.ts';
import type { RequestTerms } from '../../domain/trade/request-lifecycle.ts';
import { DialogCloseButton } from '../ui/CloseButton.tsx';
import { TermsChoice } from '../ui/TermsChoice.tsx';
import { $holdRequest, closeHoldRequest, type HoldRequest } from '../../stores/hold-request.ts';
import { requestHeldStone } from './request-held.ts';
import '../dialogs/dialogs.css';

type Outcome = { sent: number | null } | { reason: string } | null;

/** Drawn once per page (by the bag drawer island) while $holdRequest names a stone. */
export default function RequestHoldDialog() {
  const request = useStore($holdRequest);
  return request ? <RequestHold key={request.diamondId} {...request} /> : null;
}

function RequestHold({ diamondId, stockCode }: HoldRequest) {
  const [terms, setTerms] = useState<RequestTerms>('memo');
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const close = () => {
    if (sending) return;
    closeHoldRequest();
  };
  const send = async () => {
    setSending(true);
    setOutcome(null);
    const result = await requestHeldStone(diamondId, terms);
    setSending(false);
    setOutcome(result.ok ? { sent: result.requestId } : { reason: result.reason });
  };
  const sent = outcome && 'sent' in outcome ? outcome : null;
  return (
    <Dialog.Root open onOpenChange={(o) => !o && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fx-overlay" />
        <Dialog.Content className="fx-panel hold-request">
          <Dialog.Title className="fx-title">Request {stockCode}</Dialog.Title>
          <Dialog.Description className="fx-desc">
            A request for this stone alone, priced as in your bag; your hold on it becomes the request.
          </Dialog.Description>
          {sent ? (
            <p className="fx-notice" role="status">
              {sent.sent ? `Your request #${sent.sent} has been sent. ` : 'Your request has been sent. '}
              <a className="link" href={sent.sent ? routes.accountRequest(sent.sent) : routes.accountRequests}>
                See it in your account
              </a>
            </p>
          ) : (
            <form className="fx-form" onSubmit={(e) => (e.preventDefault(), void send())}>
              <TermsChoice value={terms} onChange={setTerms} />
              {outcome && 'reason' in outcome && (
                <p className="fx-notice fx-notice--error" role="alert">
                  {outcome.reason}
                </p>
              )}
              <div className="fx-actions">
                <button type="submit" className="btn" disabled={sending}>
                  {sending ? 'Sending…' : 'Send request'}
                </button>
                <Dialog.Close className="btn btn--ghost" disabled={sending}>
                  Cancel
                </Dialog.Close>
              </div>
            </form>
          )}
          <DialogCloseButton className="fx-close" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
