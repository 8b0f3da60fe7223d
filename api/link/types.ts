import type { User } from '../../db/tables.ts';
export type LinkKey = { id: number; userId: number; scope: 'trade' | 'retail'; name: string };
export type LinkEnv = { Variables: { linkKey: LinkKey; linkUser: User } };
