/**
 * The DOWNLOAD side drawer (270 px wide, right-hand Radix Dialog) around DownloadPanel.
 * The catalogue list mounts it through CatalogueDownload.tsx (its toolbar button toggles it)
 * with the whole filtered list, the ticked ids and the loaded stock.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { DownloadPanel, type DownloadPanelProps } from './DownloadPanel.tsx';
import './downloads.css';

export type DownloadDrawerProps = DownloadPanelProps & { open: boolean; onOpenChange: (open: boolean) => void };

export function DownloadDrawer({ open, onOpenChange, ...panel }: DownloadDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dl-overlay" />
        <Dialog.Content className="dl-drawer" aria-describedby={undefined}>
          <header className="dl-drawer__head">
            <Dialog.Title className="dl-drawer__title">Download</Dialog.Title>
            <Dialog.Close className="dl-drawer__close" aria-label="Close">
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.4" aria-hidden="true">
                <path d="M5 5l14 14M19 5 5 19" />
              </svg>
            </Dialog.Close>
          </header>
          <DownloadPanel {...panel} onDone={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default DownloadDrawer;
