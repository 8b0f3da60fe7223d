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
import { escapeHtml } from '../accounts/email-templates.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

export type Unsubscribing = { id: number; name: string; alert: string } | null;

/** The search the token names (null: deleted since); 400 invalid_unsubscribe_token for a bad token. */
export async function searchByToken(db: Db, config: Config, token: string): Promise<Unsubscribing> {
  const id = readUnsubscribeToken(config, token);
  if (id == null) throw new HttpError(400, 'invalid_unsubscribe_token');
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

/** A small page in the site's colours and icon: a heading, a line, and the form when there is one. */
export function unsubscribePage(siteName: string, heading: string, line: string, form?: { action: string }): string {
  const button = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">Turn the alerts off</button></form>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(heading)} · ${escapeHtml(siteName)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
body{margin:0;background:#faf7f0;color:#141414;font:16px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
main{max-width:34rem;margin:12vh auto;padding:0 1.5rem}
h1{font:400 2rem/1.2 Georgia,"Times New Roman",serif;margin:0 0 1rem}
button{font:inherit;padding:.7rem 1.4rem;background:#141414;color:#faf7f0;border:0;cursor:pointer;min-height:44px}
button:focus-visible,a:focus-visible{outline:3px solid #8a6d2f;outline-offset:2px}
a{color:#141414}
</style></head>
<body><main><p><a href="/">${escapeHtml(siteName)}</a></p><h1>${escapeHtml(heading)}</h1><p>${escapeHtml(line)}</p>${button}</main></body></html>`;
}
