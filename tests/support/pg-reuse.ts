/**
 * PostgreSQL test databases used again instead of cloned afresh for every test. A clone
 * (`CREATE DATABASE ... TEMPLATE`) copies the whole catalogue and forces checkpoints, which
 * made it most of a PostgreSQL API test's time; putting a used clone back to the template's
 * rows is one function call of a few milliseconds.
 *
 * - `keepSeedRows(db)` runs once on the template, after it is migrated and seeded: it copies
 *   every table's rows and every sequence's position into the schema `facet_seed`, with the
 *   shape of the schema (tables, columns, types, indexes) as a fingerprint, and installs
 *   `facet_seed.reset()`.
 * - `takeClone` hands out a database of this worker's own that is free, or clones a new one;
 *   `giveBack` resets it (every row deleted, the template's copied back, the sequences set back) and keeps it
 *   for the next test. A clone whose schema a test changed, or whose reset failed, is dropped.
 *
 * The app never sees `facet_seed`: it is outside its search path, and every query of the
 * schema that tests make reads `public` only.
 */
import pg from 'pg';
import type { PgAdmin } from './pg-cluster.ts';

const SEED = 'facet_seed';

/** Every schema but PostgreSQL's own and the seed copy. */
const OWN_SCHEMAS = `n.nspname NOT IN ('pg_catalog', 'information_schema', '${SEED}') AND n.nspname NOT LIKE 'pg\\_%'`;

const KEEP_SQL = `
CREATE SCHEMA ${SEED};
CREATE FUNCTION ${SEED}.fingerprint() RETURNS text LANGUAGE sql STABLE AS $f$
  SELECT md5(coalesce(string_agg(
    n.nspname || '.' || c.relname || '/' || c.relkind::text || '/' || coalesce(a.attname, '') || ':' || coalesce(a.atttypid::text, ''),
    ',' ORDER BY n.nspname, c.relname, a.attnum), ''))
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  WHERE ${OWN_SCHEMAS}
$f$;
CREATE TABLE ${SEED}.shape AS SELECT ${SEED}.fingerprint() AS fp;
CREATE TABLE ${SEED}.tables AS
  SELECT format('%I.%I', n.nspname, c.relname) AS qname,
         format('${SEED}.%I', n.nspname || '__' || c.relname) AS copy,
         (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
           WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS cols
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind = 'r' AND ${OWN_SCHEMAS};
CREATE TABLE ${SEED}.sequences AS
  SELECT format('%I.%I', schemaname, sequencename) AS qname, start_value, last_value
  FROM pg_sequences WHERE schemaname NOT IN ('pg_catalog', 'information_schema', '${SEED}');
DO $d$
DECLARE r record;
BEGIN
  FOR r IN SELECT * FROM ${SEED}.tables LOOP
    EXECUTE format('CREATE TABLE %s AS SELECT %s FROM %s', r.copy, r.cols, r.qname);
  END LOOP;
END $d$;
CREATE FUNCTION ${SEED}.reset() RETURNS boolean LANGUAGE plpgsql AS $f$
DECLARE r record;
BEGIN
  IF ${SEED}.fingerprint() <> (SELECT fp FROM ${SEED}.shape) THEN RETURN false; END IF;
  -- the rows go back as they were: no foreign-key checks or triggers on the way out or in
  -- (DELETE: a TRUNCATE makes new files for every table and index, ten times the time here)
  PERFORM set_config('session_replication_role', 'replica', true);
  FOR r IN SELECT * FROM ${SEED}.tables LOOP
    EXECUTE format('DELETE FROM %s', r.qname);
    EXECUTE format('INSERT INTO %s (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM %s', r.qname, r.cols, r.cols, r.copy);
  END LOOP;
  FOR r IN SELECT * FROM ${SEED}.sequences LOOP
    PERFORM setval(r.qname, coalesce(r.last_value, r.start_value), r.last_value IS NOT NULL);
  END LOOP;
  RETURN true;
END $f$;
`;

/** Runs once on a migrated and seeded template: keeps its rows for `facet_seed.reset()`. */
export async function keepSeedRows(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(KEEP_SQL);
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
}

/** This worker's clones that are free, by template. */
const free = new Map<string, string[]>();
let counter = 0;

/** A clone of `template` for one test: a free one of this worker's, or a new one. */
export async function takeClone(admin: PgAdmin, template: string): Promise<string> {
  const name = free.get(template)?.pop();
  if (name) return name;
  const fresh = `test_${process.pid}_${++counter}_${Date.now().toString(36)}`;
  await admin.createDatabase(fresh, template);
  return fresh;
}

/** Puts a clone back to the template's rows for the next test, or drops it if it cannot be. */
export async function giveBack(admin: PgAdmin, template: string, name: string): Promise<void> {
  if (await reset(admin.url(name)).catch(() => false)) {
    free.set(template, [...(free.get(template) ?? []), name]);
    return;
  }
  await admin.dropDatabase(name);
}

async function reset(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // a connection the test left open in a transaction would hold its tables: give up on it
    await client.query("SET lock_timeout = '5s'");
    const { rows } = await client.query<{ ok: boolean }>(`SELECT ${SEED}.reset() AS ok`);
    return rows[0]?.ok === true;
  } finally {
    await client.end();
  }
}
