/**
 * The cookie notice, mounted by the layout on every page. Hidden in the no-layout mode and
 * once the remember cookie is set; otherwise it asks GET /api/v1/geo for the country and
 * shows for the listed countries or an unknown one. A link opens the cookie policy dialog;
 * Got it! stores the cookie (365 days) and hides the bar.
 *
 * It must hide no primary action: it is a slim bar along the bottom edge,
 * and while it shows, its height is published as `--cookie-h` on <html>. The page keeps that
 * much room below its end (global.css), and what is sized to the window (the home hero, the
 * catalogue's sticky filter panel) is that much shorter, so nothing sits under the bar.
 */
import { useEffect, useRef, useState } from 'react';
import { call, client } from '../../lib/api.ts';
import { openDialog } from '../../stores/dialog.ts';
import { hasRememberCookie, needsNotice, rememberCookie } from '../../domain/cookie-notice.ts';
import './cookie-notice.css';

/** Publishes the bar's height as --cookie-h on <html> while it is on screen. */
function useReservedHeight(bar: React.RefObject<HTMLElement | null>, shown: boolean) {
  useEffect(() => {
    const el = bar.current;
    if (!shown || !el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--cookie-h', `${Math.ceil(el.getBoundingClientRect().height)}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-h');
    };
  }, [bar, shown]);
}

export default function CookieNotice() {
  const [show, setShow] = useState(false);
  const bar = useRef<HTMLElement>(null);
  useReservedHeight(bar, show);

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
  );
}
