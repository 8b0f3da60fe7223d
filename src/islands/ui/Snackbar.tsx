/**
 * A success snackbar that closes itself after `ms` (6000 ms for settings in the catalogue,
 * 10000 ms for the message drawers). `className` names its look (the BEM block; its close
 * button is `{className}__close`).
 */
import { useEffect } from 'react';

interface SnackbarProps {
  message: string | null;
  onClose: () => void;
  ms: number;
  className: string;
}

export function Snackbar({ message, onClose, ms, className }: SnackbarProps) {
  useEffect(() => {
    if (!message) return;
    const t = window.setTimeout(onClose, ms);
    return () => window.clearTimeout(t);
  }, [message, onClose, ms]);
  if (!message) return null;
  return (
    <div className={className} role="status">
      <span>{message}</span>
      <button type="button" className={`${className}__close`} aria-label="Close" onClick={onClose}>
        ×
      </button>
    </div>
  );
}
