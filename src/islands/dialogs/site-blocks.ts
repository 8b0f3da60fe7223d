/** Site blocks read by the terms and cookie dialogs, from GET /site (loaded once per page). */
import { $site } from '../../stores/site.ts';

export type ListSection = { title: string; content: string };
type Block = { _id: string; type: string; value: unknown };

function blocks(): Record<string, Block> {
  const data = $site.get().data as { blocks?: Record<string, Block> } | null;
  return data?.blocks ?? {};
}

export function listBlock(id: string): ListSection[] {
  const value = blocks()[id]?.value;
  return Array.isArray(value) ? (value as ListSection[]).filter((s) => s && typeof s.title === 'string') : [];
}

export const FALLBACK_CONTACT = 'trade@facet.trade';

/** The contact e-mail address of the site (the contact details block), for the cookie policy. */
export function contactEmail(): string {
  for (const id of ['contact_details', 'home_contact_details']) {
    const value = blocks()[id]?.value;
    const found = typeof value === 'string' ? value.match(/[^\s@]+@[^\s@]+\.[a-z]{2,}/i) : null;
    if (found) return found[0];
  }
  return FALLBACK_CONTACT;
}
