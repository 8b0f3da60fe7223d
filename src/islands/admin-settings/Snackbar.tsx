/** A success snackbar that closes itself after 6 s (spec section 9: 6000 ms in the catalogue). */
import { useEffect } from 'react';

export const SNACKBAR_MS = 6000;

export function Snackbar({ message, onClose }: { message: string | null; onClose: () => void }) {
  useEffect(() => {
    if (!message) return;
    const t = window.setTimeout(onClose, SNACKBAR_MS);
    return () => window.clearTimeout(t);
  }, [message, onClose]);
  if (!message) return null;
  return (
    <div className="snack" role="status">
      <span>{message}</span>
      <button type="button" className="snack__close" aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
