/**
 * Public settings documents under /api/v1/configs:
 *
 *   GET /configs/registration-messages  ->  200 { fields: { unverified, pending, rejected, disabled } }
 *
 * The messages the dialogs show for an account status: the configs row of type
 * `registration_messages` over the built-in defaults below, so every status has one.
 *
 *   GET   /configs?fields=type&filter=diamond_available  ->  200 { docs: [{ _id, type, fields }] } (empty when none)
 *   POST  /configs      { type: 'diamond_available', fields: { diamond_available_now, _later, _on_demand } }
 *                       admins  ->  201 { doc, message: 'Your settings have been saved' } | 409 config_exists { options: { id } }
 *   PATCH /configs/:id  same body, admins  ->  200 { doc, message } | 404 config_not_found
 * Only the 'diamond_available' type is served by the generic calls (400 for another filter).
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import { idParams, jsonIn, queryIn } from '../middleware/validate.ts';
import { requireAdmin, signedInAdmin } from '../middleware/roles.ts';
import {
  AVAILABILITY_TYPE,
  AvailabilityConfigSchema,
  configDocs,
  createAvailabilityConfig,
  SETTINGS_SAVED,
  updateAvailabilityConfig,
} from '../services/catalogue/availability-config.ts';
import { configFields } from '../services/site/state.ts';
import type { AppEnv, Deps } from '../types.ts';

export const DEFAULT_REGISTRATION_MESSAGES = {
  unverified:
    'Please verify your e-mail address first: follow the link in the e-mail we sent you, or ask for a new one.',
  pending:
    'Thank you for verifying your e-mail. Our team is reviewing your registration and will e-mail you once your account is approved.',
  rejected:
    'We are sorry, but we could not approve your trade account. Please contact us if you would like to discuss your application.',
  disabled: 'This account has been disabled. Please contact us for assistance.',
} satisfies Record<string, string>;

export async function registrationMessages(deps: Deps) {
  return { ...DEFAULT_REGISTRATION_MESSAGES, ...((await configFields(deps.db, 'registration_messages')) ?? {}) };
}

const ListQuery = v.object({
  fields: v.optional(v.string()),
  filter: v.literal(AVAILABILITY_TYPE, `filter must be ${AVAILABILITY_TYPE}`),
});

export function configRoutes(deps: Deps) {
  return new Hono<AppEnv>()
    .get('/registration-messages', async (c) => {
      c.header('Cache-Control', 'no-cache');
      return c.json({ fields: await registrationMessages(deps) });
    })
    .get('/', queryIn(ListQuery), async (c) => {
      const q = c.req.valid('query');
      c.header('Cache-Control', 'no-cache');
      return c.json({ docs: await configDocs(deps.db, q.filter) });
    })
    .post('/', requireAdmin(), jsonIn(AvailabilityConfigSchema), async (c) => {
      const admin = signedInAdmin(c);
      const input = c.req.valid('json');
      return c.json({ doc: await createAvailabilityConfig(deps, admin.id, input), message: SETTINGS_SAVED }, 201);
    })
    .patch(
      '/:id',
      requireAdmin(),
      idParams({ id: 'config_not_found' }),
      jsonIn(AvailabilityConfigSchema),
      async (c) => {
        const admin = signedInAdmin(c);
        const { id } = c.req.valid('param');
        const input = c.req.valid('json');
        return c.json({ doc: await updateAvailabilityConfig(deps, admin.id, id, input), message: SETTINGS_SAVED });
      },
    );
}
