/**
 * One-click unsubscribe from a saved search's alerts, under /api/v1, without signing in
 * (RFC 8058; the address is the e-mail's link and its List-Unsubscribe header):
 *
 *   GET  /alerts/unsubscribe?token=   200 a page with one button (400 page for a bad token)
 *   POST /alerts/unsubscribe?token=   turns the search's alerts off at once: 200 { unsubscribed: true }
 *                                     (the page "Alerts turned off for …" when the browser's form
 *                                     sent it); 400 invalid_unsubscribe_token (a page for a browser)
 *
 * A mail client's one-click POST carries `List-Unsubscribe=One-Click` and no cookie; the body
 * is not needed. A deleted search has no alerts: both answer as done. The page's referrer
 * policy is `same-origin`: its form's POST then carries the site's Origin, which the origin
 * check (api/middleware/origin.ts) asks of every form (`no-referrer` made it `Origin: null`,
 * refused), while the token in its address still goes to no other site.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { HttpError } from '../middleware/errors.ts';
import { wantsPage } from '../middleware/refusal-page.ts';
import { queryIn } from '../middleware/validate.ts';
import { siteOf } from '../services/accounts/accounts.ts';
import { plainPage } from '../services/platform/plain-page.ts';
import { alertsOff, BAD_LINK, searchByToken } from '../services/saved-searches/unsubscribe.ts';
import { routes } from '../../src/domain/routes.ts';
import { UNSUBSCRIBE_PATH } from '../services/saved-searches/unsubscribe-token.ts';
import type { AppEnv, Deps } from '../types.ts';

const SAVED_SEARCHES = { href: routes.accountSavedSearches, text: 'Your saved searches' };

const TokenQuery = v.object({ token: v.pipe(v.string('token is required'), v.maxLength(80, 'token is too long')) });

export function alertUnsubscribeRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/unsubscribe', async (c) => {
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'same-origin');
      const { name } = await siteOf(deps);
      const token = c.req.query('token') ?? '';
      let search;
      try {
        search = await searchByToken(deps.db, deps.config, token);
      } catch (err) {
        if (!(err instanceof HttpError)) throw err;
        return c.html(
          plainPage({
            siteName: name,
            heading: 'This link does not work',
            line: BAD_LINK,
            link: SAVED_SEARCHES,
          }),
          400,
        );
      }
      if (!search || search.alert === 'off')
        return c.html(
          plainPage({
            siteName: name,
            heading: 'No more alerts',
            line: 'This saved search sends you no alerts.',
            link: SAVED_SEARCHES,
          }),
        );
      return c.html(
        plainPage({
          siteName: name,
          heading: `Stop the alerts of "${search.name}"?`,
          line: 'You will get no more e-mails about this saved search. It stays saved in your account, where you can turn its alerts on again.',
          form: { action: `${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`, button: 'Turn the alerts off' },
        }),
      );
    })
    .post('/unsubscribe', queryIn(TokenQuery), async (c) => {
      c.header('Cache-Control', 'no-store');
      const search = await searchByToken(deps.db, deps.config, c.req.valid('query').token);
      if (search) await alertsOff(deps.db, search.id);
      if (wantsPage(c)) {
        const { name } = await siteOf(deps);
        return c.html(
          plainPage({
            siteName: name,
            heading: search ? `Alerts turned off for "${search.name}"` : 'Alerts turned off',
            line: 'You will get no more e-mails about this saved search. It stays saved in your account, where you can turn its alerts on again.',
            link: SAVED_SEARCHES,
          }),
        );
      }
      return c.json({ unsubscribed: true as const });
    });
}
