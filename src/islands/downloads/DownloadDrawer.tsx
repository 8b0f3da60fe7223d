/**
 * The DOWNLOAD side drawer (270 px wide, right-hand Radix Dialog) around DownloadPanel.
 * The catalogue list mounts it through CatalogueDownload.tsx (its toolbar button toggles it)
 * with the whole filtered list, the ticked ids and the loaded stock.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { DownloadPanel, type DownloadPanelProps } from './DownloadPanel.tsx';
import './downloads.css';
import { DialogCloseButton } from '../ui/CloseButton.tsx';

export type DownloadDrawerProps = DownloadPanelProps & { open: boolean; onOpenChange: (open: boolean) => void };

export function DownloadDrawer({ open, onOpenChange, ...panel }: DownloadDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="dl-overlay" />
        <Dialog.Content className="dl-drawer" aria-describedby={undefined}>
          <header className="dl-drawer__head">
            <Dialog.Title className="dl-drawer__title">Download</Dialog.Title>
            <DialogCloseButton className="dl-drawer__close" />
          </header>
          <DownloadPanel {...panel} onDone={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export default DownloadDrawer;
