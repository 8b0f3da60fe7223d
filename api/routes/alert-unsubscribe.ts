/**
 * One-click unsubscribe from a saved search's alerts, under /api/v1, without signing in
 * (RFC 8058; the address is the e-mail's link and its List-Unsubscribe header):
 *
 *   GET  /alerts/unsubscribe?token=   200 a page with one button (400 page for a bad token)
 *   POST /alerts/unsubscribe?token=   turns the search's alerts off at once: 200 { unsubscribed: true }
 *                                     (a page when the browser's form sent it); 400 invalid_unsubscribe_token
 *
 * A mail client's one-click POST carries `List-Unsubscribe=One-Click` and no cookie; the body
 * is not needed. A deleted search has no alerts: both answer as done.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { HttpError } from '../middleware/errors.ts';
import { queryIn } from '../middleware/validate.ts';
import { siteOf } from '../services/accounts/accounts.ts';
import { alertsOff, searchByToken, unsubscribePage } from '../services/saved-searches/unsubscribe.ts';
import { UNSUBSCRIBE_PATH } from '../services/saved-searches/unsubscribe-token.ts';
import type { AppEnv, Deps } from '../types.ts';

const TokenQuery = v.object({ token: v.pipe(v.string('token is required'), v.maxLength(80, 'token is too long')) });

export function alertUnsubscribeRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/unsubscribe', async (c) => {
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      const { name } = await siteOf(deps);
      const token = c.req.query('token') ?? '';
      let search;
      try {
        search = await searchByToken(deps.db, deps.config, token);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        return c.html(
          unsubscribePage(
            name,
            'This link does not work',
            'The unsubscribe link is incomplete or was changed. Open it again from the alert e-mail, or turn the alerts off in your account.',
          ),
          400,
        );
      }
      if (!search || search.alert === 'off')
        return c.html(unsubscribePage(name, 'No more alerts', 'This saved search sends you no alerts.'));
      return c.html(
        unsubscribePage(
          name,
          `Stop the alerts of "${search.name}"?`,
          'You will get no more e-mails about this saved search. It stays saved in your account, where you can turn its alerts on again.',
          { action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}` },
        ),
      );
    })
    .post('/unsubscribe', queryIn(TokenQuery), async (c) => {
      c.header('Cache-Control', 'no-store');
      const search = await searchByToken(deps.db, deps.config, c.req.valid('query').token);
      if (search) await alertsOff(deps.db, search.id);
      if ((c.req.header('accept') ?? '').includes('text/html')) {
        const { name } = await siteOf(deps);
        return c.html(
          unsubscribePage(
            name,
            'Alerts turned off',
            'You will get no more e-mails about this saved search. It stays saved in your account.',
          ),
        );
      }
      return c.json({ unsubscribed: true as const });
    });
}
