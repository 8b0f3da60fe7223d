/**
 * `ADMIN_EMAIL=… ADMIN_PASSWORD=… npm run admin:create`: creates a staff (admin) account on the
 * database of the settings (DATABASE_URL, else DATABASE_PATH), or sets the password of that
 * staff account if it exists, and says which. Migrates first (the same boot lease as
 * `npm start` on PostgreSQL). Exit 1 with the reasons when the e-mail or password is refused.
 */
import './node-version.mjs';
import { loadConfig } from '../api/config.ts';
import { createOrResetStaff } from '../api/services/accounts/staff-account.ts';
import { openDb, prepareDb } from '../db/client.ts';

const config = loadConfig();
if (!config.ADMIN_EMAIL || !config.ADMIN_PASSWORD) {
  console.error('usage: ADMIN_EMAIL=staff@example.com ADMIN_PASSWORD=… npm run admin:create');
  process.exit(1);
}
const db = await openDb(config.databaseLocation, { isolation: config.DATABASE_ISOLATION, poolSize: 2 });
try {
  await prepareDb(db);
  const r = await createOrResetStaff(db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : config.DATABASE_PATH;
  if (r.done === 'refused') {
    console.error(`No account changed:\n${r.problems.map((p) => `  ${p}`).join('\n')}`);
    process.exitCode = 1;
  } else if (r.done === 'created') {
    console.log(`Created staff account ${r.email} (id ${r.id}) in ${where}: sign in at ${config.siteUrl}/admin`);
  } else {
    console.log(
      `Set a new password for staff account ${r.email} (id ${r.id}) in ${where}; its sessions were signed out`,
    );
  }
} finally {
  await db.close();
}
