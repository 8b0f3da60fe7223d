/** The site state the islands start from: name, currency, rates, social links, availability labels, blocks. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { configs, exchangeRates, siteBlocks } from '../../../db/tables.ts';
import { DEFAULT_AVAILABILITY_LABELS } from '../../../src/domain/diamond.ts';

const DEFAULT_AVAILABILITY: Record<string, string> = {
  diamond_available_now: DEFAULT_AVAILABILITY_LABELS[1],
  diamond_available_later: DEFAULT_AVAILABILITY_LABELS[2],
  diamond_available_on_demand: DEFAULT_AVAILABILITY_LABELS[3],
};

/** The saved labels over the defaults; a label saved blank shows its default. */
const availabilityLabels = (saved: Record<string, string> | null) =>
  Object.fromEntries(Object.entries(DEFAULT_AVAILABILITY).map(([k, d]) => [k, saved?.[k]?.trim() || d]));

export async function configFields(db: Db, type: string): Promise<Record<string, string> | null> {
  return (await db.select().from(configs).where(eq(configs.type, type)).limit(1))[0]?.fields ?? null;
}

export async function siteState(db: Db, siteNameFallback: string) {
  const site = (await configFields(db, 'site')) ?? {};
  const rates = await db.select().from(exchangeRates);
  const def = rates.find((r) => r.isDefault) ?? rates[0];
  const blocks = Object.fromEntries(
    (await db.select().from(siteBlocks)).map((b) => [b.id, { _id: b.id, type: b.type, value: b.value, url: b.url }]),
  );
  return {
    siteName: site.site_name || siteNameFallback,
    ccy: def?.currency ?? 'GBP',
    fxrates: rates.map((r) => ({ currency: r.currency, ExRate: r.exRate, default: r.isDefault })),
    social_links: {
      social_link_facebook: site.social_link_facebook ?? '',
      social_link_twitter: site.social_link_twitter ?? '',
      social_link_linkedin: site.social_link_linkedin ?? '',
      social_link_instagram: site.social_link_instagram ?? '',
    },
    diamond_available: availabilityLabels(await configFields(db, 'diamond_available')),
    /** the catalogue shows its Coloured tab (a coming-soon placeholder): an admin setting */
    coloured_tab: site.coloured_tab === 'on',
    blocks,
  };
}
