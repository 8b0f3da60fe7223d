/** The account page's webhook calls (`/api/v1/profile/webhooks`, see api/link/webhook-routes.ts). */
import { api } from '../../../lib/api.ts';

export const EVENTS = ['added', 'updated', 'price_changed', 'availability_changed', 'removed'] as const;
export type EventKind = (typeof EVENTS)[number];
export const EVENT_LABELS: Record<EventKind, string> = {
  added: 'Added',
  updated: 'Updated',
  price_changed: 'Price changed',
  availability_changed: 'Availability changed',
  removed: 'Removed',
};
export const MAX_WEBHOOKS = 5;

export type Webhook = {
  id: number;
  url: string;
  events: EventKind[];
  all_events: boolean;
  enabled: boolean;
  failures_in_a_row: number;
  disabled_at: string | null;
  created_at: string;
};

export type Delivery = {
  id: number;
  message_id: string;
  type: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  delivered_at: string | null;
};

const BASE = '/profile/webhooks';

export const webhooksApi = {
  list: async () => (await api.get<{ webhooks: Webhook[] }>(BASE)).webhooks,
  create: (url: string, events: EventKind[]) => api.post<{ webhook: Webhook; secret: string }>(BASE, { url, events }),
  update: async (id: number, patch: Partial<{ enabled: boolean; events: EventKind[]; url: string }>) =>
    (await api.patch<{ webhook: Webhook }>(`${BASE}/${id}`, patch)).webhook,
  remove: (id: number) => api.delete<null>(`${BASE}/${id}`),
  secret: async (id: number) => (await api.get<{ secret: string }>(`${BASE}/${id}/secret`)).secret,
  test: async (id: number) => (await api.post<{ delivery: Delivery }>(`${BASE}/${id}/test`)).delivery,
  deliveries: async (id: number) =>
    (await api.get<{ deliveries: Delivery[] }>(`${BASE}/${id}/deliveries`, { query: { limit: 20 } })).deliveries,
};

/** "24 Nov 2026, 14:05" in the visitor's time zone. */
export const when = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';
