/** Shared types of the API: what createApp is built from, and what a request carries. */
import type { Db } from '../db/client.ts';
import type { User } from '../db/tables.ts';
import type { Config } from './config.ts';
import type { Mailer } from './services/platform/mailer.ts';
import type { BuildStatus } from './services/site/regenerate.ts';

export type Clock = { now(): number };
export const systemClock: Clock = { now: () => Date.now() };

/** The static site's regenerator (api/services/site/regenerate.ts); absent in API tests. */
export type SiteHooks = { contentChanged(reason: string): void; status?(): BuildStatus };

export type Deps = { db: Db; mailer: Mailer; clock: Clock; config: Config; site?: SiteHooks };

export type SessionInfo = { idHash: string; rememberMe: boolean };

export type AppEnv = {
  Variables: {
    user: User | null;
    session: SessionInfo | null;
  };
};
