/**
 * Starting the full app (scripts/start.ts) for a bench that writes: on a copy of `dbFile`
 * (the cached bench database, never written to) or on a fresh database of 300 stones, in a
 * temporary folder removed afterwards. `siteDir`: an already built site to serve (else one is
 * built in the folder); `env` is added to the server's settings last (e.g. a DATABASE_URL).
 */
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type Server } from './diamonds-http.ts';

export async function onAppCopy<T>(
  name: string,
  opts: { dbFile?: string; siteDir?: string; env?: Record<string, string>; log?: (s: string) => void },
  fn: (url: string) => Promise<T>,
): Promise<T> {
  const log = opts.log ?? ((s: string) => console.log(`[bench] ${s}`));
  const dir = mkdtempSync(join(tmpdir(), `facet-bench-${name.replace(/\W+/g, '-')}-`));
  let server: Server | null = null;
  try {
    const db = join(dir, 'facet.db');
    if (opts.dbFile) {
      copyFileSync(opts.dbFile, db);
      if (existsSync(`${opts.dbFile}-wal`)) copyFileSync(`${opts.dbFile}-wal`, `${db}-wal`);
    }
    log(`${name}: starting the full app ...`);
    server = await startServer(
      name,
      'scripts/start.ts',
      {
        DATABASE_PATH: db,
        SITE_DIR: opts.siteDir ?? join(dir, 'site'),
        UPLOADS_DIR: join(dir, 'uploads'),
        SEED_STONES: '300',
        LOG_REQUESTS: 'false',
        RATE_LIMIT_FACTOR: '20',
        SMTP_URL: '',
        ...opts.env,
      },
      300_000,
    );
    return await fn(server.url);
  } finally {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
