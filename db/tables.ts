/**
 * The tables services query, for the engine this process uses. db/schema.ts defines them once
 * (as SQLite tables); db/to-pg.ts builds their PostgreSQL twins. The JavaScript values of every
 * column are the same on both (numbers, strings, booleans, Dates, parsed JSON), so the types of
 * db/schema.ts describe both.
 *
 * The engine is fixed when this module loads, from the environment (a `postgres://`
 * DATABASE_URL, or DATABASE_ENGINE=postgres), because modules capture columns at load time
 * (sort tables, shared conditions). One engine per process: openDb refuses the other one.
 */
import { engineFromEnv } from '../api/config.ts';
import * as s from './schema.ts';
import { pgTables } from './schema-pg.ts';

export * from './schema.ts';

export const TABLES_ENGINE: 'sqlite' | 'postgres' = engineFromEnv();

const t = (TABLES_ENGINE === 'postgres' ? pgTables : s.sqliteTables) as unknown as typeof s.sqliteTables;

export const users = t.users;
export const sessions = t.sessions;
export const tokens = t.tokens;
export const siteBlocks = t.siteBlocks;
export const posts = t.posts;
export const configs = t.configs;
export const exchangeRates = t.exchangeRates;
export const diamonds = t.diamonds;
export const diamondMedia = t.diamondMedia;
export const diamondCertificates = t.diamondCertificates;
export const favourites = t.favourites;
export const compareItems = t.compareItems;
export const bagItems = t.bagItems;
export const bagRequests = t.bagRequests;
export const requestLines = t.requestLines;
export const requestEvents = t.requestEvents;
export const requestMessages = t.requestMessages;
export const contactMessages = t.contactMessages;
export const messageReplies = t.messageReplies;
export const emailOutbox = t.emailOutbox;
export const auditLog = t.auditLog;
export const appState = t.appState;
export const leases = t.leases;
export const siteBuilds = t.siteBuilds;
export const rateHits = t.rateHits;
export const uploads = t.uploads;
export const apiKeys = t.apiKeys;
export const apiUsage = t.apiUsage;
export const stockChanges = t.stockChanges;
export const stockSources = t.stockSources;
export const stockImports = t.stockImports;
export const webhooks = t.webhooks;
export const webhookDeliveries = t.webhookDeliveries;
export const holds = t.holds;
export const holdWatches = t.holdWatches;
export const testHolds = t.testHolds;
export const savedSearches = t.savedSearches;
export const clientPages = t.clientPages;

/** Stops a process from opening the engine its tables were not loaded for. */
export function bindEngine(engine: 'sqlite' | 'postgres'): void {
  if (engine !== TABLES_ENGINE)
    throw new Error(
      `This process loaded its tables for ${TABLES_ENGINE}; to use ${engine}, set DATABASE_URL (or DATABASE_ENGINE=${engine}) in the environment before start-up`,
    );
}
