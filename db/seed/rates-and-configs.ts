/**
 * Exchange rates and settings documents.
 *
 * Rates are relative to GBP, the default currency (the shop trades from London):
 * convert = amount / rate(source) * rate(target), so $1,270 is £1,000.
 */
import type { Db } from '../client.ts';
import { configs, exchangeRates } from '../tables.ts';

const SEEDED_AT = new Date(Date.UTC(2026, 0, 1));

export const DEMO_RATES = [
  { currency: 'GBP', exRate: 1, isDefault: true },
  { currency: 'USD', exRate: 1.27, isDefault: false },
  { currency: 'EUR', exRate: 1.17, isDefault: false },
  { currency: 'JPY', exRate: 190.5, isDefault: false },
  { currency: 'NZD', exRate: 2.15, isDefault: false },
] as const;

export const REGISTRATION_MESSAGES: Record<string, string> = {
  unverified:
    'Please verify your e-mail address first: follow the link in the e-mail we sent you. You can ask for a new link below.',
  pending: 'Thank you for verifying your e-mail. Our team is reviewing your registration and will be in touch shortly.',
  rejected:
    'We are sorry, but we could not approve your trade account. Please contact us if you would like to discuss your application.',
  disabled: 'This account has been disabled. Please contact our team on +44 20 7946 0100 for assistance.',
};

export const DIAMOND_AVAILABLE: Record<string, string> = {
  diamond_available_now: 'Immediately',
  diamond_available_later: '3-5 days',
  diamond_available_on_demand: 'On Demand',
};

/** `address_*` keys are read in key order as the office address lines. */
export const SITE: Record<string, string> = {
  site_name: 'Facet Trade',
  contact_email: 'trade@facet.trade',
  phone: '+44 20 7946 0100',
  address_1: 'Facet Trade Ltd',
  address_2: '88 Hatton Garden',
  address_3: 'London EC1N 8PN',
  address_4: 'United Kingdom',
  /** printed on memos and pro-forma invoices; tax_rate (a percentage) adds their tax line */
  tax_number: 'GB 294 7361 08',
  tax_rate: '20',
  opening_hours: 'Monday to Friday, 9.00 to 17.30 (viewing by appointment)',
  map_lat: '51.5203',
  map_lng: '-0.1086',
  social_link_facebook: 'https://www.facebook.com/facettrade',
  social_link_twitter: 'https://twitter.com/facettrade',
  social_link_linkedin: 'https://www.linkedin.com/company/facet-trade',
  social_link_instagram: 'https://www.instagram.com/facettrade',
};

export async function seedRatesAndConfigs(db: Db): Promise<void> {
  await db
    .insert(exchangeRates)
    .values(DEMO_RATES.map((r) => ({ ...r, updatedAt: SEEDED_AT })))
    .onConflictDoNothing({ target: exchangeRates.currency });
  const docs = [
    { type: 'registration_messages', fields: REGISTRATION_MESSAGES },
    { type: 'diamond_available', fields: DIAMOND_AVAILABLE },
    { type: 'site', fields: SITE },
  ];
  await db
    .insert(configs)
    .values(docs.map((d) => ({ ...d, updatedAt: SEEDED_AT })))
    .onConflictDoNothing({ target: configs.type });
}
