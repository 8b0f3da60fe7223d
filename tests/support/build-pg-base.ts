/**
 * `node tests/support/build-pg-base.ts <admin-url> <stones>...`: builds the PostgreSQL
 * template databases of tests/api/base-db.ts in a process of its own. The vitest main process
 * runs the SQLite project's global setup too, and a process uses one engine (db/tables.ts).
 */
import { ensurePgBase } from '../api/base-db.ts';

const [adminUrl, ...counts] = process.argv.slice(2);
if (!adminUrl || counts.length === 0) throw new Error('usage: build-pg-base.ts <admin-url> <stones>...');
for (const n of counts) await ensurePgBase(adminUrl, Number(n));
