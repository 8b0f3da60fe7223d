/**
 * A button that opens a side drawer (Radix Dialog) with the message form: the contact page's
 * SEND A MESSAGE ("It's a pleasure to meet you") and the API page's drawer ("Contact Us About
 * Our API", kind 'api'). After a successful send the drawer closes and the snackbar
 * "Thanks for sending us your message!" shows for 10 s.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import type { ContactKind } from '../../domain/validation/contact.ts';
import { ContactForm } from './ContactForm.tsx';
import { Snackbar } from '../ui/Snackbar.tsx';
import './contact.css';
import { DialogCloseButton } from '../ui/CloseButton.tsx';

/** The message drawers' confirmation stays 10000 ms. */
const SENT_SNACK_MS = 10_000;

export const SENT_TEXT = 'Thanks for sending us your message!';

type Props = {
  kind?: ContactKind;
  /** the drawer's title */
  title: string;
  /** the opening button's label */
  label: string;
  description?: string;
  buttonClass?: string;
};

export default function ContactDrawer({ kind = 'contact', title, label, description, buttonClass = 'btn' }: Props) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);

  return (
    <>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className={buttonClass}>{label}</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fx-overlay" />
          <Dialog.Content className="ct-drawer">
            <p className="eyebrow">{kind === 'api' ? 'API' : 'Contact'}</p>
            <Dialog.Title className="fx-title ct-drawer__title">{title}</Dialog.Title>
            <Dialog.Description className="fx-desc ct-drawer__desc">
              {description ?? 'Leave your details and a few words; our trade desk will answer within one working day.'}
            </Dialog.Description>
            <ContactForm
              kind={kind}
              submitLabel="Send Message"
              onSent={() => {
                setOpen(false);
                setSent(true);
              }}
            />
            <DialogCloseButton className="fx-close" />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
      <Snackbar
        message={sent ? SENT_TEXT : null}
        onClose={() => setSent(false)}
        ms={SENT_SNACK_MS}
        className="ct-snack"
      />
    </>
  );
}
