/** GET /health: the process is up and the database answers. */
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv, Deps } from '../types.ts';

export function healthRoutes(deps: Deps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    await deps.db.exec(sql`select 1`);
    return c.json({ ok: true });
  });
}
