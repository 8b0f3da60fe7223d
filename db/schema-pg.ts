/**
 * The PostgreSQL schema: built from db/schema.ts by db/to-pg.ts (one definition, two
 * engines). drizzle-kit reads this file for the PostgreSQL migrations (drizzle.pg.config.ts).
 */
import { sqliteTables } from './schema.ts';
import { toPgTables } from './to-pg.ts';

export const pgTables = toPgTables(sqliteTables);

export const {
  users,
  sessions,
  tokens,
  siteBlocks,
  posts,
  configs,
  exchangeRates,
  diamonds,
  diamondMedia,
  diamondCertificates,
  favourites,
  compareItems,
  bagItems,
  bagRequests,
  requestLines,
  requestEvents,
  requestMessages,
  contactMessages,
  messageReplies,
  emailOutbox,
  auditLog,
  appState,
  leases,
  siteBuilds,
  rateHits,
  uploads,
  apiKeys,
  apiUsage,
  stockChanges,
  stockSources,
  stockImports,
  webhooks,
  webhookDeliveries,
  holds,
  holdWatches,
  testHolds,
  savedSearches,
  clientPages,
} = pgTables;
