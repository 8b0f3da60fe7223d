/**
 * The side drawer of the API access request: a message box of 10 rows (not validated: any
 * text, or none, may be sent) sent with POST /register-api-access; on success the box is cleared, the session
 * updated (requested, with its date) and the parent shows the thanks and closes the drawer.
 * Errors are shown in the drawer.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { call, client } from '../../lib/api.ts';
import { setSession } from '../../stores/session.ts';
import { Notice, SubmitButton } from '../dialogs/fields.tsx';
import { generalMessage } from '../dialogs/use-form.ts';
import { MESSAGE_MAX } from '../../domain/validation/fields.ts';
import { CharCount } from '../ui/CharCount.tsx';
import { DialogCloseButton } from '../ui/CloseButton.tsx';

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onSent: () => void };

export function ApiAccessDrawer({ open, onOpenChange, onSent }: Props) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const send = async () => {
    setBusy(true);
    setError('');
    try {
      const state = await call(client['register-api-access'].$post({ json: { requestApiAccessMessage: message } }));
      setMessage('');
      onSent();
      setSession(state);
    } catch (err) {
      setError(generalMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fx-overlay" />
        <Dialog.Content className="acc-drawer">
          <p className="eyebrow">API Link</p>
          <Dialog.Title className="fx-title">Request API access</Dialog.Title>
          <Dialog.Description className="fx-desc">
            Tell us how you would like to use the stock feed. Our team will be in touch.
          </Dialog.Description>
          <form className="fx-form acc-drawer__form" onSubmit={(e) => (e.preventDefault(), void send())}>
            <Notice kind="error">{error}</Notice>
            <div className="field">
              <label className="field__label" htmlFor="api-message">
                Your message
              </label>
              <textarea
                id="api-message"
                className="input fx-textarea"
                rows={10}
                placeholder="Start typing your message..."
                value={message}
                maxLength={MESSAGE_MAX}
                aria-describedby="api-message-count"
                onChange={(e) => setMessage(e.target.value)}
              />
              <CharCount id="api-message-count" length={message.length} max={MESSAGE_MAX} />
            </div>
            <div className="fx-actions">
              <SubmitButton busy={busy}>Send request</SubmitButton>
            </div>
          </form>
          <DialogCloseButton className="fx-close" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
