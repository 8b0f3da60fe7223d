/**
 * One table definition, two schemas: a SQLite database and a PostgreSQL database,
 * each built by its own committed migrations, read back from their catalogues (sqlite_master
 * and pragmas; information_schema and pg_catalog) must have the same tables, columns of the
 * same kind, nullability, primary keys, indexes (name, columns, unique) and foreign keys (with
 * their ON DELETE). The kind each column should have on each engine comes from db/schema.ts
 * (a timestamp or a boolean is an integer to SQLite): so a migration that drifts from the
 * schema fails here too. PostgreSQL must have no float4 (`real`) column at all.
 *
 * Runs in the api-pg project (it needs the throwaway server of tests/support/pg-global-setup.ts).
 */
import Database from 'better-sqlite3';
import { is } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import {
  getTableConfig,
  SQLiteBlobBuffer,
  SQLiteBoolean,
  SQLiteInteger,
  SQLiteReal,
  SQLiteText,
  SQLiteTextJson,
  SQLiteTimestamp,
  type SQLiteColumn,
} from 'drizzle-orm/sqlite-core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateDb, openDb } from '../../db/client.ts';
import { sqliteTables } from '../../db/schema.ts';
import { SQLITE_MIGRATIONS } from '../../db/sqlite.ts';
import { pgAdmin } from '../support/pg-cluster.ts';

type Column = { kind: string; nullable: boolean };
type Index = { name: string; columns: string[]; unique: boolean };
type ForeignKey = { columns: string[]; table: string; references: string[]; onDelete: string };
type Table = { columns: Record<string, Column>; primaryKey: string[]; indexes: Index[]; foreignKeys: ForeignKey[] };
type Catalogue = Record<string, Table>;

/** The kind a schema column must have on each engine. */
function kinds(col: SQLiteColumn): { sqlite: string; postgres: string } {
  if (is(col, SQLiteTimestamp)) return { sqlite: 'integer', postgres: 'timestamp(3) with time zone' };
  if (is(col, SQLiteBoolean)) return { sqlite: 'integer', postgres: 'boolean' };
  if (is(col, SQLiteInteger)) return { sqlite: 'integer', postgres: 'bigint' };
  if (is(col, SQLiteReal)) return { sqlite: 'real', postgres: 'double precision' };
  if (is(col, SQLiteTextJson)) return { sqlite: 'text', postgres: 'json' };
  if (is(col, SQLiteText)) return { sqlite: 'text', postgres: 'text' };
  if (is(col, SQLiteBlobBuffer)) return { sqlite: 'blob', postgres: 'bytea' };
  throw new Error(`no expected kind for ${col.columnType} (${col.name})`);
}

/** SQLite's ON DELETE words and PostgreSQL's confdeltype letters, as one vocabulary. */
const ON_DELETE: Record<string, string> = {
  a: 'no action',
  r: 'restrict',
  c: 'cascade',
  n: 'set null',
  d: 'set default',
};

const byName = <T extends { name: string }>(list: T[]) => [...list].sort((x, y) => x.name.localeCompare(y.name));
const fkKey = (f: ForeignKey) => `${f.columns.join(',')}->${f.table}`;
const byFk = (list: ForeignKey[]) => [...list].sort((x, y) => fkKey(x).localeCompare(fkKey(y)));

function readSqlite(): Catalogue {
  const client = new Database(':memory:');
  migrate(drizzle({ client }), { migrationsFolder: SQLITE_MIGRATIONS });
  const q = <T>(text: string) => client.prepare(text).all() as T[];
  const out: Catalogue = {};
  const tables = q<{ name: string }>(
    `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'`,
  );
  for (const { name } of tables) {
    const info = q<{ name: string; type: string; notnull: number; pk: number }>(`pragma table_info("${name}")`);
    const indexes = q<{ name: string; unique: number; origin: string }>(`pragma index_list("${name}")`)
      .filter((i) => i.origin !== 'pk')
      .map((i) => ({
        name: i.name,
        unique: i.unique === 1,
        columns: q<{ seqno: number; name: string }>(`pragma index_info("${i.name}")`)
          .sort((a, b) => a.seqno - b.seqno)
          .map((c) => c.name),
      }));
    const fkRows = q<{ id: number; seq: number; table: string; from: string; to: string; on_delete: string }>(
      `pragma foreign_key_list("${name}")`,
    );
    const fks = new Map<number, ForeignKey>();
    for (const r of fkRows.sort((a, b) => a.id - b.id || a.seq - b.seq)) {
      const fk = fks.get(r.id) ?? { columns: [], table: r.table, references: [], onDelete: r.on_delete.toLowerCase() };
      fk.columns.push(r.from);
      fk.references.push(r.to);
      fks.set(r.id, fk);
    }
    out[name] = {
      columns: Object.fromEntries(
        info.map((c) => [c.name, { kind: c.type.toLowerCase(), nullable: c.notnull === 0 && c.pk === 0 }]),
      ),
      primaryKey: info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
      indexes: byName(indexes),
      foreignKeys: byFk([...fks.values()]),
    };
  }
  client.close();
  return out;
}

async function readPostgres(client: pg.Client): Promise<Catalogue> {
  const q = async <T>(text: string) => (await client.query(text)).rows as T[];
  const out: Catalogue = {};
  const tables = await q<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  for (const { name } of tables) out[name] = { columns: {}, primaryKey: [], indexes: [], foreignKeys: [] };
  const columns = await q<{ table: string; name: string; type: string; precision: number | null; nullable: string }>(`
    select table_name as table, column_name as name, data_type as type, datetime_precision as precision,
           is_nullable as nullable
    from information_schema.columns where table_schema = 'public'`);
  for (const c of columns) {
    const kind = c.type.startsWith('timestamp') ? c.type.replace('timestamp', `timestamp(${c.precision})`) : c.type;
    out[c.table]!.columns[c.name] = { kind, nullable: c.nullable === 'YES' };
  }
  // indexes (with their columns in order) and primary keys, from pg_index
  const indexes = await q<{ table: string; name: string; unique: boolean; primary: boolean; columns: string[] }>(`
    select t.relname as table, i.relname as name, x.indisunique as unique, x.indisprimary as primary,
           array(select a.attname::text from unnest(x.indkey) with ordinality k(attnum, n)
                 join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n) as columns
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    join pg_namespace s on s.oid = t.relnamespace
    where s.nspname = 'public'`);
  for (const i of indexes) {
    if (i.primary) out[i.table]!.primaryKey = i.columns;
    else out[i.table]!.indexes.push({ name: i.name, unique: i.unique, columns: i.columns });
  }
  const fks = await q<{ table: string; columns: string[]; ref: string; refColumns: string[]; del: string }>(`
    select t.relname as table, r.relname as ref, c.confdeltype as del,
           array(select a.attname::text from unnest(c.conkey) with ordinality k(attnum, n)
                 join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum order by k.n) as columns,
           array(select a.attname::text from unnest(c.confkey) with ordinality k(attnum, n)
                 join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.n) as "refColumns"
    from pg_constraint c
    join pg_class t on t.oid = c.conrelid
    join pg_class r on r.oid = c.confrelid
    join pg_namespace s on s.oid = t.relnamespace
    where c.contype = 'f' and s.nspname = 'public'`);
  for (const f of fks) {
    out[f.table]!.foreignKeys.push({
      columns: f.columns,
      table: f.ref,
      references: f.refColumns,
      onDelete: ON_DELETE[f.del] ?? f.del,
    });
  }
  for (const t of Object.values(out)) {
    t.indexes = byName(t.indexes);
    t.foreignKeys = byFk(t.foreignKeys);
  }
  return out;
}

/** The catalogue as db/schema.ts says it should be, in the words of `engine`. */
function expected(engine: 'sqlite' | 'postgres'): Record<string, Record<string, Column>> {
  const out: Record<string, Record<string, Column>> = {};
  for (const table of Object.values(sqliteTables)) {
    const config = getTableConfig(table);
    const pk = new Set([
      ...config.columns.filter((c) => c.primary).map((c) => c.name),
      ...config.primaryKeys.flatMap((p) => p.columns.map((c) => c.name)),
    ]);
    out[config.name] = Object.fromEntries(
      config.columns.map((c) => [c.name, { kind: kinds(c)[engine], nullable: !c.notNull && !pk.has(c.name) }]),
    );
  }
  return out;
}

const DB = `parity_${process.pid}`;
let lite: Catalogue;
let post: Catalogue;
let client: pg.Client;

beforeAll(async () => {
  const admin = pgAdmin(inject('facetPgAdminUrl'));
  await admin.createDatabase(DB);
  const db = await openDb(admin.url(DB), { poolSize: 1 });
  try {
    await migrateDb(db);
  } finally {
    await db.close();
  }
  client = new pg.Client({ connectionString: admin.url(DB) });
  await client.connect();
  lite = readSqlite();
  post = await readPostgres(client);
});

afterAll(async () => {
  await client?.end();
  await pgAdmin(inject('facetPgAdminUrl')).dropDatabase(DB);
});

describe('the SQLite and PostgreSQL schemas built by their migrations', () => {
  it('have the same tables, every table of db/schema.ts', () => {
    const names = Object.values(sqliteTables)
      .map((t) => getTableConfig(t).name)
      .sort();
    expect(Object.keys(lite).sort()).toEqual(names);
    expect(Object.keys(post).sort()).toEqual(names);
  });

  it('have the columns db/schema.ts defines, each of its kind and nullability on each engine', () => {
    const columnsOf = (c: Catalogue) => Object.fromEntries(Object.entries(c).map(([name, t]) => [name, t.columns]));
    expect(columnsOf(lite)).toEqual(expected('sqlite'));
    expect(columnsOf(post)).toEqual(expected('postgres'));
  });

  it('have the same primary keys', () => {
    for (const name of Object.keys(lite)) expect(post[name]?.primaryKey, name).toEqual(lite[name]!.primaryKey);
  });

  it('have the same indexes: names, columns in order, uniqueness', () => {
    for (const name of Object.keys(lite)) expect(post[name]?.indexes, name).toEqual(lite[name]!.indexes);
    expect(Object.values(lite).flatMap((t) => t.indexes).length).toBeGreaterThan(5);
  });

  it('have the same foreign keys, with the same ON DELETE', () => {
    for (const name of Object.keys(lite)) expect(post[name]?.foreignKeys, name).toEqual(lite[name]!.foreignKeys);
    expect(Object.values(lite).flatMap((t) => t.foreignKeys).length).toBeGreaterThan(5);
  });

  it('store no number as float4 on PostgreSQL: rates, weights and measurements are double precision', async () => {
    const { rows } = await client.query(
      `select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type = 'real'`,
    );
    expect(rows).toEqual([]);
    expect(post.exchange_rates?.columns.ex_rate?.kind).toBe('double precision');
    expect(post.diamonds?.columns.weight?.kind).toBe('double precision');
    expect(post.diamonds?.columns.mes1?.kind).toBe('double precision');
  });
});
