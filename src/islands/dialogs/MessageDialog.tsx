/**
 * The message dialog: a title and text, optionally Resend Email (POST /resendVerification
 * with the e-mail carried in `values`). Error dialogs (`isError`) have no Back button.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { call, client } from '../../lib/api.ts';
import { openDialog, type DialogProps } from '../../stores/dialog.ts';
import { DialogFrame } from './DialogFrame.tsx';
import { openErrorDialog } from './flows.ts';

export function MessageDialog({ props }: { props: DialogProps }) {
  const [busy, setBusy] = useState(false);
  const email = typeof props.values?.email === 'string' ? props.values.email : '';

  const resend = async () => {
    setBusy(true);
    try {
      const r = await call(client.resendVerification.$post({ json: { email } }));
      openDialog('message', { title: 'E-mail sent', text: r.message });
    } catch (err) {
      openErrorDialog(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title={props.title ?? (props.isError ? 'Error' : 'Message')}
      eyebrow={
        props.eyebrow === undefined ? (props.isError ? undefined : 'Trade account') : (props.eyebrow ?? undefined)
      }
      onBack={!props.isError && email ? () => openDialog('email', { values: { email } }) : undefined}
    >
      <div className="fx-form">
        {props.text && (
          <p
            className={props.isError ? 'fx-notice fx-notice--error' : 'fx-message'}
            role={props.isError ? 'alert' : undefined}
          >
            {props.text}
          </p>
        )}
        <div className="fx-actions">
          {props.action === 'resendEmail' && email ? (
            <button type="button" className="btn" disabled={busy} onClick={() => void resend()}>
              Resend Email
            </button>
          ) : null}
          <Dialog.Close className={props.action === 'resendEmail' ? 'btn btn--ghost' : 'btn'}>OK</Dialog.Close>
        </div>
      </div>
    </DialogFrame>
  );
}
