/**
 * Settings, under /api/v1/admin/settings (admins only, see index.ts):
 *
 *   GET /admin/settings                          200 { rates: [{ currency, exRate, isDefault, updatedAt }],
 *                                                      registrationMessages: { unverified, pending, rejected, disabled },
 *                                                      site: { site_name, social_link_facebook, _twitter, _linkedin, _instagram, coloured_tab } }
 *   PUT /admin/settings/rates { rates?: [{ currency, exRate }], defaultCurrency? }   200 { rates }
 *   PUT /admin/settings/registration-messages { unverified, pending, rejected, disabled }   200 { fields }
 *   PUT /admin/settings/site { site_name, social_link_*, coloured_tab? ('on'|'off') }   200 { site }
 *   GET /admin/settings/request-terms             200 { memo, invoice, wholesaler } (what the PDF prints now)
 *   PUT /admin/settings/request-terms { memo, invoice, wholesaler }   200 the same
 *
 * Rates are relative to a common unit (convert = amount / rate(source) * rate(target));
 * prices leave the API in their base currency and the browser converts them with GET
 * /site's fxrates, so a new rate shows on the next page load. The availability labels are
 * /configs (diamond_available).
 */
import { Hono } from 'hono';
import { jsonBody } from '../../middleware/json-body.ts';
import { jsonIn } from '../../middleware/validate.ts';
import { signedInAdmin } from '../../middleware/roles.ts';
import {
  RatesSchema,
  RegistrationMessagesSchema,
  settingsView,
  SiteSettingsSchema,
  updateRates,
  updateRegistrationMessages,
  updateSiteSettings,
} from '../../services/admin/settings.ts';
import { requestTermsOf, saveRequestTerms } from '../../services/trade/request-terms.ts';
import { RequestTermsSchema } from '../../../src/domain/trade/request-terms.ts';
import type { AppEnv, Deps } from '../../types.ts';

export function adminSettingsRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .use('*', jsonBody())
    .get('/', async (c) => c.json(await settingsView(deps)))
    .put('/rates', jsonIn(RatesSchema), async (c) => {
      const admin = signedInAdmin(c);
      return c.json({ rates: await updateRates(deps, admin.id, c.req.valid('json')) });
    })
    .put('/registration-messages', jsonIn(RegistrationMessagesSchema), async (c) => {
      const admin = signedInAdmin(c);
      return c.json({
        fields: await updateRegistrationMessages(deps, admin.id, c.req.valid('json')),
      });
    })
    .put('/site', jsonIn(SiteSettingsSchema), async (c) => {
      const admin = signedInAdmin(c);
      return c.json({ site: await updateSiteSettings(deps, admin.id, c.req.valid('json')) });
    })
    .get('/request-terms', async (c) => c.json(await requestTermsOf(deps)))
    .put('/request-terms', jsonIn(RequestTermsSchema), async (c) =>
      c.json(await saveRequestTerms(deps, signedInAdmin(c).id, c.req.valid('json'))),
    );
}
