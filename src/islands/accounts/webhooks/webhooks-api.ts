/** The account page's webhook calls (`/api/v1/profile/webhooks`, see api/link/webhook-routes.ts). */
import { call, client, type AnswerOf } from '../../../lib/api.ts';

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

/** An event kind's label (a kind this page does not know yet: as sent). */
export const eventLabel = (kind: string): string => {
  const known = EVENTS.find((k) => k === kind);
  return known ? EVENT_LABELS[known] : kind;
};

const hooks = client.profile.webhooks;
const hook = (id: number) => ({ param: { id: String(id) } });

export type Webhook = AnswerOf<typeof hooks.$get>['webhooks'][number];
export type Delivery = AnswerOf<(typeof hooks)[':id']['deliveries']['$get']>['deliveries'][number];

export const webhooksApi = {
  list: async () => (await call(hooks.$get())).webhooks,
  create: (url: string, events: EventKind[]) => call(hooks.$post({ json: { url, events } })),
  update: async (id: number, patch: Partial<{ enabled: boolean; events: EventKind[]; url: string }>) =>
    (await call(hooks[':id'].$patch({ ...hook(id), json: patch }))).webhook,
  remove: (id: number) => call(hooks[':id'].$delete(hook(id))),
  secret: async (id: number) => (await call(hooks[':id'].secret.$get(hook(id)))).secret,
  test: async (id: number) => (await call(hooks[':id'].test.$post(hook(id)))).delivery,
  deliveries: async (id: number) =>
    (await call(hooks[':id'].deliveries.$get({ ...hook(id), query: { limit: 20 } }))).deliveries,
};

/** "24 Nov 2026, 14:05" in the visitor's time zone. */
export const when = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';
