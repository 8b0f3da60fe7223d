/** What the API Link's authentication puts on every request (see api/link/auth.ts). */
import type { User } from '../../db/tables.ts';
import type { ApiKeyScope } from '../../src/domain/validation/api-keys.ts';

export type LinkKey = { id: number; userId: number; scope: ApiKeyScope; name: string };
export type LinkEnv = { Variables: { linkKey: LinkKey; linkUser: User } };
