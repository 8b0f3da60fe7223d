/** The calls of /my-account/api (GET/POST/DELETE /api/v1/profile/api-keys..., /profile/api-usage, /profile/api-link). */
import { api } from '../../../lib/api.ts';
import type { ApiKeyView, NewKey } from '../../../../api/services/api-keys.ts';
import type { UsageDay } from '../../../../api/services/api-usage.ts';

export type { ApiKeyView, NewKey, UsageDay };
export type KeyList = { docs: ApiKeyView[]; maxActive: number; retailMarkupPct: number };
export type Scope = ApiKeyView['scope'];

export const LINK_BASE_PATH = '/api/link/v1';

export const keysApi = {
  list: (signal?: AbortSignal) => api.get<KeyList>('/profile/api-keys', { signal }),
  create: (name: string, scope: Scope) => api.post<NewKey>('/profile/api-keys', { name, scope }),
  roll: (id: number, overlapHours: number) => api.post<NewKey>(`/profile/api-keys/${id}/roll`, { overlapHours }),
  revoke: (id: number) => api.delete<ApiKeyView>(`/profile/api-keys/${id}`),
  usage: (signal?: AbortSignal) => api.get<{ days: UsageDay[] }>('/profile/api-usage', { signal }),
  setMarkup: (retailMarkupPct: number) =>
    api.patch<{ retailMarkupPct: number }>('/profile/api-link', { retailMarkupPct }),
};

/** Choices offered for a roll's overlap (hours). */
export const OVERLAP_CHOICES = [
  { hours: 0, label: 'Stop the old key now' },
  { hours: 1, label: '1 hour' },
  { hours: 24, label: '24 hours (recommended)' },
  { hours: 72, label: '3 days' },
  { hours: 168, label: '7 days' },
] as const;
