/**
 * The API access panel, three states:
 * - not requested: Request Access opens a side drawer with a message box (10 rows); sending
 *   it (POST /register-api-access) shows "Thanks for requesting your API Link access!";
 * - requested, not allowed: Request Access is inert, with a red Requested marker and a
 *   tooltip "You already requested access on DD/MM/YYYY";
 * - allowed (api_allow): Go to API Link -> /my-account/api.
 */
import dayjs from 'dayjs';
import { useState } from 'react';
import type { UserView } from '../../stores/session.ts';
import { ApiAccessDrawer } from './ApiAccessDrawer.tsx';
import { routes } from '../../domain/routes.ts';

export const API_THANKS = 'Thanks for requesting your API Link access!';

export function ApiAccessPanel({ user }: { user: UserView }) {
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState('');
  const requestedOn = user.requestApiAccessDate ? dayjs(user.requestApiAccessDate).format('DD/MM/YYYY') : '';
  const tip = `You already requested access${requestedOn ? ` on ${requestedOn}` : ''}`;

  return (
    <section id="api-access" className="acc-card acc-api" aria-labelledby="acc-api">
      <p className="eyebrow">API Link</p>
      <h2 id="acc-api" className="acc-card__title">
        Live stock in your own systems
      </h2>
      <p className="acc-muted">
        Feed our stock list, with your trade prices, straight into your website or inventory software.
      </p>
      {thanks && (
        <p className="fx-notice" role="status">
          {thanks}
        </p>
      )}
      {user.api_allow ? (
        <a className="btn" href={routes.accountApi}>
          Go to API Link
        </a>
      ) : user.requestApiAccess ? (
        <span className="acc-requested" tabIndex={0} aria-describedby="acc-api-tip">
          <button type="button" className="btn" aria-disabled="true" tabIndex={-1} onClick={(e) => e.preventDefault()}>
            Request Access
          </button>
          <span className="acc-requested__mark">Requested</span>
          <span role="tooltip" id="acc-api-tip" className="acc-tip">
            {tip}
          </span>
        </span>
      ) : (
        <button type="button" className="btn" onClick={() => setOpen(true)}>
          Request Access
        </button>
      )}
      <ApiAccessDrawer
        open={open}
        onOpenChange={setOpen}
        onSent={() => {
          setThanks(API_THANKS);
          setOpen(false);
        }}
      />
    </section>
  );
}
