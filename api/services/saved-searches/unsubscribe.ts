/**
 * Turning one saved search's alerts off from its e-mail, without signing in (the signed token
 * of unsubscribe-token.ts): `searchByToken` reads the token (400 when it is not ours),
 * `alertsOff` does it (again is fine); the page that GET shows has one button that POSTs.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { savedSearches } from '../../../db/tables.ts';
import type { Config } from '../../config.ts';
import { HttpError } from '../../middleware/errors.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

/** What a person reads when the link is not one of ours (the GET page and a refused POST). */
export const BAD_LINK =
  'The unsubscribe link is incomplete or was changed. Open it again from the alert e-mail, or turn the alerts off in your account.';

export type Unsubscribing = { id: number; name: string; alert: string } | null;

/** The search the token names (null: deleted since); 400 invalid_unsubscribe_token for a bad token. */
export async function searchByToken(db: Db, config: Config, token: string): Promise<Unsubscribing> {
  const id = readUnsubscribeToken(config, token);
  if (id == null) throw new HttpError(400, 'invalid_unsubscribe_token', { message: BAD_LINK });
  const row = (
    await db
      .select({ id: savedSearches.id, name: savedSearches.name, alert: savedSearches.alert })
      .from(savedSearches)
      .where(eq(savedSearches.id, id))
      .limit(1)
  )[0];
  return row ?? null;
}

export async function alertsOff(db: Db, id: number): Promise<void> {
  await db.update(savedSearches).set({ alert: 'off', updatedAt: new Date() }).where(eq(savedSearches.id, id));
}
