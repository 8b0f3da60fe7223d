/**
 * Staff settings: exchange rates (and which currency is the default), the registration
 * messages the dialogs show per account status, and the `site` document's name, social
 * links and the tax number and rate the trade documents print (other keys of that document, e.g. the office address, are kept as they are).
 * The availability labels are the configs route's (services/catalogue/availability-config.ts).
 * Every save is audited.
 */
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { plainText, visible } from '../../../src/domain/validation/fields.ts';
import { writeTx, type Db } from '../../../db/client.ts';
import { configs, CURRENCIES, exchangeRates } from '../../../db/tables.ts';
import { HttpError } from '../../middleware/errors.ts';
import { registrationMessages } from '../../routes/configs.ts';
import type { Deps } from '../../types.ts';
import { audit } from './audit.ts';
import { configFields } from '../site/state.ts';
import { contentChanged } from '../site/versions.ts';

export type Currency = (typeof CURRENCIES)[number];
export const RATE_MAX = 100_000;
export const MESSAGE_MAX = 1000;
export const SOCIAL_KEYS = [
  'social_link_facebook',
  'social_link_twitter',
  'social_link_linkedin',
  'social_link_instagram',
] as const;
export const REGISTRATION_KEYS = ['unverified', 'pending', 'rejected', 'disabled'] as const;

const rate = v.pipe(
  v.number('exRate must be a number'),
  v.check((n) => Number.isFinite(n) && n > 0, 'exRate must be above 0'),
  v.maxValue(RATE_MAX, `exRate must be at most ${RATE_MAX}`),
);

export const RatesSchema = v.object(
  {
    rates: v.optional(
      v.array(
        v.object({
          currency: v.picklist(CURRENCIES, `currency must be one of ${CURRENCIES.join(', ')}`),
          exRate: rate,
        }),
      ),
      [],
    ),
    defaultCurrency: v.optional(v.picklist(CURRENCIES, `defaultCurrency must be one of ${CURRENCIES.join(', ')}`)),
  },
  'The request body must be a JSON object',
);

const message = v.pipe(
  v.string('Must be text'),
  v.trim(),
  v.nonEmpty('Please enter a message'),
  visible('Please enter a message'),
  plainText('The message'),
  v.maxLength(MESSAGE_MAX, `At most ${MESSAGE_MAX} characters`),
);
export const RegistrationMessagesSchema = v.object(
  Object.fromEntries(REGISTRATION_KEYS.map((k) => [k, message])) as Record<
    (typeof REGISTRATION_KEYS)[number],
    typeof message
  >,
  'The request body must be a JSON object',
);

const social = v.pipe(
  v.string('Must be text'),
  v.trim(),
  v.maxLength(300, 'At most 300 characters'),
  v.check((s) => s === '' || /^https:\/\/[^\s]+$/.test(s), 'Must be an https:// address (or empty)'),
);
export const SiteSettingsSchema = v.object(
  {
    site_name: v.pipe(
      v.string('Must be text'),
      v.trim(),
      v.nonEmpty('Please enter the site name'),
      visible('Please enter the site name'),
      plainText('The site name'),
      v.maxLength(80, 'At most 80 characters'),
    ),
    ...(Object.fromEntries(SOCIAL_KEYS.map((k) => [k, v.optional(social, '')])) as Record<
      (typeof SOCIAL_KEYS)[number],
      v.OptionalSchema<typeof social, ''>
    >),
    /** the catalogue's Coloured tab (a coming-soon placeholder): 'on' shows it; absent keeps the current choice */
    coloured_tab: v.optional(v.picklist(['on', 'off'], 'coloured_tab is on or off')),
    /** printed on memos and pro-forma invoices; absent keeps the current value */
    tax_number: v.optional(
      v.pipe(v.string('Must be text'), v.trim(), plainText('The tax number'), v.maxLength(40, 'At most 40 characters')),
    ),
    /** a percentage (0 to 99.99) that adds a tax line to memos and invoices; '' for none */
    tax_rate: v.optional(
      v.pipe(
        v.string('Must be text'),
        v.trim(),
        v.regex(/^(\d{1,2}(\.\d{1,2})?)?$/, 'A percentage from 0 to 99.99, or empty for no tax line'),
      ),
    ),
  },
  'The request body must be a JSON object',
);

const ratesView = async (db: Db) =>
  (await db.select().from(exchangeRates))
    .sort((a, b) => CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency))
    .map((r) => ({
      currency: r.currency,
      exRate: r.exRate,
      isDefault: r.isDefault,
      updatedAt: r.updatedAt.toISOString(),
    }));

async function siteView(db: Db, fallbackName: string) {
  const site = (await configFields(db, 'site')) ?? {};
  const socials = Object.fromEntries(SOCIAL_KEYS.map((k) => [k, site[k] ?? ''])) as Record<
    (typeof SOCIAL_KEYS)[number],
    string
  >;
  return {
    site_name: site.site_name || fallbackName,
    ...socials,
    coloured_tab: site.coloured_tab === 'on' ? ('on' as const) : ('off' as const),
    tax_number: site.tax_number ?? '',
    tax_rate: site.tax_rate ?? '',
  };
}

export async function settingsView(deps: Deps) {
  return {
    rates: await ratesView(deps.db),
    registrationMessages: await registrationMessages(deps),
    site: await siteView(deps.db, deps.config.PUBLIC_SITE_NAME),
  };
}

/** The site name and social links are in the pre-built pages: regenerate them. */
const siteChanged = (deps: Deps) => contentChanged(deps, 'site settings');

export async function updateRates(deps: Deps, adminId: number, input: v.InferOutput<typeof RatesSchema>) {
  const now = deps.clock.now();
  await writeTx(deps.db, async (tx) => {
    const before = new Map((await tx.select().from(exchangeRates)).map((r) => [r.currency, r]));
    const changes: Record<string, { from: number | null; to: number }> = {};
    for (const r of input.rates) {
      const old = before.get(r.currency);
      if (old && old.exRate === r.exRate) continue;
      await tx
        .insert(exchangeRates)
        .values({ currency: r.currency, exRate: r.exRate, isDefault: false, updatedAt: new Date(now) })
        .onConflictDoUpdate({ target: exchangeRates.currency, set: { exRate: r.exRate, updatedAt: new Date(now) } });
      changes[r.currency] = { from: old?.exRate ?? null, to: r.exRate };
    }
    if (Object.keys(changes).length) await audit(tx, adminId, 'rates.update', 'exchange_rate', null, { changes }, now);
    if (input.defaultCurrency) {
      const current = [...before.values()].find((r) => r.isDefault)?.currency ?? null;
      if (
        !(await tx.select().from(exchangeRates).where(eq(exchangeRates.currency, input.defaultCurrency)).limit(1))[0]
      ) {
        throw new HttpError(400, [{ param: 'defaultCurrency', msg: 'That currency has no rate yet' }]);
      }
      if (current !== input.defaultCurrency) {
        await tx.update(exchangeRates).set({ isDefault: false });
        await tx
          .update(exchangeRates)
          .set({ isDefault: true, updatedAt: new Date(now) })
          .where(eq(exchangeRates.currency, input.defaultCurrency));
        await audit(
          tx,
          adminId,
          'rates.default',
          'exchange_rate',
          input.defaultCurrency,
          { from: current, to: input.defaultCurrency },
          now,
        );
      }
    }
  });
  return ratesView(deps.db);
}

async function saveConfig(tx: Db, type: string, fields: Record<string, string>, now: number) {
  await tx
    .insert(configs)
    .values({ type, fields, updatedAt: new Date(now) })
    .onConflictDoUpdate({ target: configs.type, set: { fields, updatedAt: new Date(now) } });
}

export async function updateRegistrationMessages(deps: Deps, adminId: number, input: Record<string, string>) {
  const now = deps.clock.now();
  await writeTx(deps.db, async (tx) => {
    const current = (await configFields(tx, 'registration_messages')) ?? {};
    const fields = { ...current, ...input };
    await saveConfig(tx, 'registration_messages', fields, now);
    const changed = REGISTRATION_KEYS.filter((k) => current[k] !== input[k]);
    await audit(
      tx,
      adminId,
      'settings.registration_messages',
      'config',
      'registration_messages',
      { fields: changed },
      now,
    );
  });
  return registrationMessages(deps);
}

export async function updateSiteSettings(deps: Deps, adminId: number, input: Record<string, string>) {
  const now = deps.clock.now();
  await writeTx(deps.db, async (tx) => {
    const current = (await configFields(tx, 'site')) ?? {};
    const fields = { ...current, ...input };
    await saveConfig(tx, 'site', fields, now);
    const changed = Object.keys(input).filter((k) => current[k] !== input[k]);
    await audit(tx, adminId, 'settings.site', 'config', 'site', { fields: changed }, now);
  });
  await siteChanged(deps);
  return siteView(deps.db, deps.config.PUBLIC_SITE_NAME);
}
