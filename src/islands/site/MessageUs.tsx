/**
 * "Message us": a button in the bottom corner of every page but the home page (and none in
 * the no-layout mode) that opens a panel (Radix Dialog: Escape closes it, focus goes back to
 * the button). A visitor leaves a message with their name and e-mail and is answered by
 * e-mail; a signed-in trader writes in their own conversation with the trade desk and reads
 * the answers there. Staff answer from the messages inbox, so the button shows to no staff
 * member (nor before the session is known, so it never flashes over the back office).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState } from 'react';
import { $cookieRoom } from '../../stores/cookie-room.ts';
import { $isStaff, $session, loadSession } from '../../stores/session.ts';
import { keepFootClear } from '../../stores/window-foot.ts';
import { AT_BUILD } from '../ui/at-build.ts';
import { DialogCloseButton } from '../ui/CloseButton.tsx';
import { useCookieRoom } from '../ui/useCookieRoom.ts';
import { useIslandStore } from '../ui/useIslandStore.ts';
import { MessageThread } from './MessageThread.tsx';
import { VisitorMessage } from './VisitorMessage.tsx';
import './message-us.css';

function Bubble() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      aria-hidden="true"
    >
      <path d="M4 5h16v11H9l-5 4z" />
    </svg>
  );
}

function PanelBody() {
  const session = useIslandStore($session, AT_BUILD.session);
  if (session.status !== 'ready') return <p className="mu-note">Loading…</p>;
  const user = session.user;
  if (!user) return <VisitorMessage />;
  return user.role === 'user' ? <MessageThread /> : null;
}

/**
 * While the button shows, what the browser scrolls into view (a focused field, a message that
 * appears under it) stops above the button as well as the cookie notice below it: the button's
 * corner (`--mu-clear`, message-us.css) is part of the window's foot kept clear.
 */
function useClearedCorner(shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    keepFootClear('message us', 'var(--mu-clear)');
    return () => keepFootClear('message us', null);
  }, [shown]);
}

export default function MessageUs() {
  const [open, setOpen] = useState(false);
  const session = useIslandStore($session, AT_BUILD.session);
  const staff = useIslandStore($isStaff, false);
  const cookieRoom = useCookieRoom(); // the button and the panel clear the cookie notice (message-us.css)
  // on a phone the button waits until the notice is answered (message-us.css)
  const noticeShows = useIslandStore($cookieRoom, AT_BUILD.cookieRoom) > 0;
  const shown = session.status === 'ready' && !staff;
  useClearedCorner(shown);
  useEffect(() => {
    void loadSession();
  }, []);
  if (!shown) return null;
  return (
    <div className="mu" data-chat-widget>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className="mu-button" style={cookieRoom} data-notice-shows={noticeShows || undefined}>
          <Bubble />
          <span>Message us</span>
        </Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="mu-overlay" />
          <Dialog.Content className="mu-panel" style={cookieRoom}>
            <p className="eyebrow">Trade desk</p>
            <Dialog.Title className="mu-title">Message us</Dialog.Title>
            <Dialog.Description className="mu-desc">
              A question about a stone, a request or your account: we answer within one working day.
            </Dialog.Description>
            <PanelBody />
            <DialogCloseButton className="fx-close" />
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </div>
  );
}
