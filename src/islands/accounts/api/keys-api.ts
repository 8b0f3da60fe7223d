/** The calls of /my-account/api (GET/POST/DELETE /api/v1/profile/api-keys..., /profile/api-usage, /profile/api-link). */
import { call, client, type Answer } from '../../../lib/api.ts';
import type { ApiKeyView, NewKey } from '../../../../api/services/link/api-keys.ts';
import type { UsageDay } from '../../../../api/services/link/api-usage.ts';

export type { ApiKeyView, NewKey, UsageDay };
const keys = client.profile['api-keys'];
export type KeyList = Answer<Awaited<ReturnType<typeof keys.$get>>>;
/** The scopes a customer makes keys of (stock keys are the shop staff's). */
export type Scope = Exclude<ApiKeyView['scope'], 'stock'>;

export const LINK_BASE_PATH = '/api/link/v1';

export const keysApi = {
  list: (signal?: AbortSignal) => call(keys.$get({}, { init: { signal } })),
  create: (name: string, scope: Scope) => call(keys.$post({ json: { name, scope } })),
  roll: (id: number, overlapHours: number) =>
    call(keys[':keyId'].roll.$post({ param: { keyId: String(id) }, json: { overlapHours } })),
  revoke: (id: number) => call(keys[':keyId'].$delete({ param: { keyId: String(id) } })),
  usage: (signal?: AbortSignal) => call(client.profile['api-usage'].$get({}, { init: { signal } })),
  setMarkup: (retailMarkupPct: number) => call(client.profile['api-link'].$patch({ json: { retailMarkupPct } })),
};

/** Choices offered for a roll's overlap (hours). */
export const OVERLAP_CHOICES = [
  { hours: 0, label: 'Stop the old key now' },
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours (recommended)' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
] as const;
