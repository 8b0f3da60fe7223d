/**
 * The frame every dialog shares: Radix Dialog portal, dimmed overlay, a titled panel (the
 * title names the dialog for screen readers), a close button, an optional Back button.
 * Focus is trapped inside and Escape closes (Radix).
 */
import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { DialogCloseButton } from '../ui/CloseButton.tsx';

type Props = {
  title: string;
  eyebrow?: string;
  description?: ReactNode;
  wide?: boolean;
  onBack?: () => void;
  children: ReactNode;
};

export function DialogFrame({ title, eyebrow, description, wide, onBack, children }: Props) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fx-overlay" />
      <Dialog.Content
        className={`fx-panel${wide ? ' fx-panel--wide' : ''}`}
        onOpenAutoFocus={(e) => {
          // focus the first empty field (else the first field) rather than the close button
          const panel = e.currentTarget as HTMLElement | null;
          const fields = [
            ...(panel?.querySelectorAll<HTMLInputElement>('input:not([type=hidden]):not([type=checkbox])') ?? []),
          ];
          // with no fields (messages), the primary action; long text (terms): the panel itself
          const first =
            fields.find((f) => f.value === '') ??
            fields[0] ??
            panel?.querySelector<HTMLElement>('.fx-actions button') ??
            panel;
          e.preventDefault();
          first?.focus();
        }}
      >
        <div className="fx-head">
          {onBack && (
            <button type="button" className="fx-back" onClick={onBack}>
              <span aria-hidden="true">←</span> Back
            </button>
          )}
          {eyebrow && <p className="eyebrow fx-eyebrow">{eyebrow}</p>}
          <Dialog.Title className="fx-title">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="fx-desc">{description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{title}</Dialog.Description>
          )}
        </div>
        <div className="fx-body">{children}</div>
        <DialogCloseButton className="fx-close" />
      </Dialog.Content>
    </Dialog.Portal>
  );
}
