import { defineConfig } from 'drizzle-kit';

/** PostgreSQL migrations, from the schema db/to-pg.ts builds out of db/schema.ts. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema-pg.ts',
  out: './db/migrations-pg',
  casing: 'snake_case',
});
