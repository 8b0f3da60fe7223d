/**
 * A confirmation before a destructive action (its own Radix dialog, titled for screen readers).
 * `children` go between the text and the buttons (e.g. a choice the action needs).
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import '../dialogs/dialogs.css';

type Props = {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  children?: ReactNode;
};

export function ConfirmDialog({ open, title, text, confirmLabel, onConfirm, onCancel, children }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fx-overlay" />
        <Dialog.Content className="fx-panel adm-confirm">
          <Dialog.Title className="fx-title">{title}</Dialog.Title>
          <Dialog.Description className="fx-message adm-confirm__text">{text}</Dialog.Description>
          {children}
          <div className="fx-actions">
            <button type="button" className="btn" onClick={onConfirm}>
              {confirmLabel}
            </button>
            <Dialog.Close className="btn btn--ghost">Cancel</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
