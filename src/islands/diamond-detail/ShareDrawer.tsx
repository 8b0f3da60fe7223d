/**
 * The share drawer (the side drawer in its share mode): a right-hand Radix dialog titled SHARE
 * with the page address for a social network, a micro-blogging service and a professional
 * network, and Copy link with the 'Copied to clipboard!' tooltip (3000 ms on share).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState } from 'react';
import './share.css';

export const SHARE_COPY_MS = 3000;

export function shareLinks(url: string) {
  const u = encodeURIComponent(url);
  return [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'X (Twitter)', href: `https://twitter.com/intent/tweet?url=${u}` },
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ];
}

async function copy(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}

export function ShareDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const url = typeof window === 'undefined' ? '' : window.location.href;

  const onCopy = async () => {
    await copy(url);
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), SHARE_COPY_MS);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="sd-drawer__overlay" />
        <Dialog.Content className="sd-drawer" aria-describedby={undefined}>
          <div className="sd-drawer__head">
            <Dialog.Title className="sd-drawer__title">SHARE</Dialog.Title>
            <Dialog.Close className="sd-drawer__close" aria-label="Close">
              ×
            </Dialog.Close>
          </div>
          <p className="sd-drawer__text">Send this stone to a colleague or client.</p>
          <ul className="sd-share">
            {shareLinks(url).map((l) => (
              <li key={l.label}>
                <a href={l.href} target="_blank" rel="noopener noreferrer">
                  {l.label} <span aria-hidden="true">↗</span>
                </a>
              </li>
            ))}
            <li className="sd-share__copy">
              <button type="button" onClick={() => void onCopy()}>
                Copy link
              </button>
              {copied && (
                <span role="status" className="sd-tooltip">
                  Copied to clipboard!
                </span>
              )}
            </li>
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
