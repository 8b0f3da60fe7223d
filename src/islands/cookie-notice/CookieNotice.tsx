/**
 * The cookie notice, mounted by the layout on every page. Hidden in the no-layout mode and
 * once the remember cookie is set; otherwise it asks GET /api/v1/geo for the country and
 * shows for the listed countries or an unknown one. A link opens the cookie policy dialog;
 * Got it! stores the cookie (365 days) and hides the bar.
 *
 * It must hide no primary action: it is a slim bar along the bottom edge, and while it shows
 * the page keeps that much room below its end (an empty block after the page's content), and
 * what sits at the window's bottom (the home hero's content, the header's phone menu, the
 * Message us button) is given its height (stores/cookie-room.ts), so nothing sits under the bar.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $cookieRoom, publishCookieRoom } from '../../stores/cookie-room.ts';
import { call, client } from '../../lib/api.ts';
import { openDialog } from '../../stores/dialog.ts';
import { hasRememberCookie, needsNotice, rememberCookie } from '../../domain/cookie-notice.ts';
import './cookie-notice.css';

/** The bar's height while it is on screen (0 before), given to what must clear it. */
function useReservedHeight(bar: React.RefObject<HTMLElement | null>, shown: boolean): number {
  const room = useStore($cookieRoom);
  useEffect(() => {
    const el = bar.current;
    if (!shown || !el) return;
    const publish = () => publishCookieRoom(Math.ceil(el.getBoundingClientRect().height));
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      publishCookieRoom(0);
    };
  }, [bar, shown]);
  return room;
}

export default function CookieNotice() {
  const [show, setShow] = useState(false);
  const bar = useRef<HTMLElement>(null);
  const room = useReservedHeight(bar, show);

  useEffect(() => {
    if (document.documentElement.classList.contains('no-layout') || hasRememberCookie(document.cookie)) return;
    let live = true;
    call(client.geo.$get())
      .then((r) => r.country)
      .catch(() => null)
      .then((country) => live && setShow(needsNotice(country)));
    return () => {
      live = false;
    };
  }, []);

  if (!show) return null;
  const accept = () => {
    document.cookie = rememberCookie(location.protocol === 'https:');
    setShow(false);
  };
  return (
    <>
      <div className="cookie-notice__room" style={{ height: room }} aria-hidden="true" />
      <section ref={bar} className="cookie-notice" aria-label="Cookie notice" data-cookie-notice>
        <p className="cookie-notice__text">
          We use cookies to keep you signed in, remember your preferences and understand how our site is used.{' '}
          <button type="button" className="cookie-notice__link" onClick={() => openDialog('cookies')}>
            Read our cookie policy
          </button>
        </p>
        <button type="button" className="btn btn--light btn--small" onClick={accept}>
          Got it!
        </button>
      </section>
    </>
  );
}
