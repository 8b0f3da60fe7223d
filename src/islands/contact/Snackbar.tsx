/** The success snackbar of the message drawers; closes itself after 10000 ms (spec section 9). */
import { useEffect } from 'react';

export const SNACKBAR_MS = 10_000;

export function Snackbar({ message, onClose }: { message: string | null; onClose: () => void }) {
  useEffect(() => {
    if (!message) return;
    const t = window.setTimeout(onClose, SNACKBAR_MS);
    return () => window.clearTimeout(t);
  }, [message, onClose]);
  if (!message) return null;
  return (
    <div className="ct-snack" role="status">
      <span>{message}</span>
      <button type="button" className="ct-snack__close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
