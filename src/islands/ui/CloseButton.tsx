/**
 * The one close cross of the site: `CrossIcon` for any button, `DialogCloseButton` for the
 * close control of a Radix dialog or drawer (labelled "Close").
 */
import * as Dialog from '@radix-ui/react-dialog';

export function CrossIcon({ size = 18, weight = 1.4 }: { size?: number; weight?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={weight}
      aria-hidden="true"
    >
      <path d="M5 5l14 14M19 5 5 19" />
    </svg>
  );
}

export function DialogCloseButton({ className }: { className: string }) {
  return (
    <Dialog.Close className={className} aria-label="Close">
      <CrossIcon />
    </Dialog.Close>
  );
}
