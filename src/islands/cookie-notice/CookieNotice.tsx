/**
 * The cookie notice (bottom bar), mounted by the layout on every page. Hidden in the
 * no-layout mode and once the remember cookie is set; otherwise it asks GET /api/v1/geo for
 * the country and shows for the listed countries or an unknown one. A link opens the cookie
 * policy dialog; Got it! stores the cookie (365 days) and hides the bar.
 */
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { openDialog } from '../../stores/dialog.ts';
import { hasRememberCookie, needsNotice, rememberCookie } from './rules.ts';
import './cookie-notice.css';

export default function CookieNotice() {
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (document.documentElement.classList.contains('no-layout') || hasRememberCookie(document.cookie)) return;
    let live = true;
    api
      .get<{ country: string | null }>('/geo')
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
    <section className="cookie-notice" aria-label="Cookie notice" data-cookie-notice>
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
