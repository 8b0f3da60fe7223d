/**
 * The tables services query, bound to the engine in use. db/schema.ts defines them once (as
 * SQLite tables); when a process opens PostgreSQL, `bindEngine('postgres')` swaps these live
 * bindings for the PostgreSQL twins built by db/to-pg.ts. The JavaScript values of every
 * column are the same on both (numbers, strings, booleans, Dates, parsed JSON), so the types
 * of db/schema.ts describe both. One engine per process.
 */
import * as s from './schema.ts';
import { pgTables } from './schema-pg.ts';

export * from './schema.ts';

export let users = s.users;
export let sessions = s.sessions;
export let tokens = s.tokens;
export let siteBlocks = s.siteBlocks;
export let posts = s.posts;
export let configs = s.configs;
export let exchangeRates = s.exchangeRates;
export let diamonds = s.diamonds;
export let diamondMedia = s.diamondMedia;
export let diamondCertificates = s.diamondCertificates;
export let favourites = s.favourites;
export let compareItems = s.compareItems;
export let bagItems = s.bagItems;
export let bagRequests = s.bagRequests;
export let contactMessages = s.contactMessages;
export let emailOutbox = s.emailOutbox;
export let auditLog = s.auditLog;
export let appState = s.appState;
export let leases = s.leases;
export let rateHits = s.rateHits;
export let uploads = s.uploads;

let bound: 'sqlite' | 'postgres' = 'sqlite';

export function bindEngine(engine: 'sqlite' | 'postgres'): void {
  if (engine === bound) return;
  if (bound === 'postgres') throw new Error('This process already uses PostgreSQL: one engine per process');
  bound = engine;
  const t = pgTables as unknown as typeof s.sqliteTables;
  users = t.users;
  sessions = t.sessions;
  tokens = t.tokens;
  siteBlocks = t.siteBlocks;
  posts = t.posts;
  configs = t.configs;
  exchangeRates = t.exchangeRates;
  diamonds = t.diamonds;
  diamondMedia = t.diamondMedia;
  diamondCertificates = t.diamondCertificates;
  favourites = t.favourites;
  compareItems = t.compareItems;
  bagItems = t.bagItems;
  bagRequests = t.bagRequests;
  contactMessages = t.contactMessages;
  emailOutbox = t.emailOutbox;
  auditLog = t.auditLog;
  appState = t.appState;
  leases = t.leases;
  rateHits = t.rateHits;
  uploads = t.uploads;
}
