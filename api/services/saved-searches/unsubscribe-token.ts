/**
 * The signed address that turns one saved search's alerts off without signing in (the
 * e-mail's link and its List-Unsubscribe header): `<id>.<HMAC-SHA256(SESSION_SECRET, id)>`.
 * Anyone holding the e-mail can turn the alerts of that one search off, and nothing else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

const mac = (config: Pick<Config, 'SESSION_SECRET'>, id: number) =>
  createHmac('sha256', config.SESSION_SECRET).update(`saved-search-unsubscribe|${id}`).digest('base64url');

export function unsubscribeToken(config: Pick<Config, 'SESSION_SECRET'>, searchId: number): string {
  return `${searchId}.${mac(config, searchId)}`;
}

/** The search id a token names, or null when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(config: Pick<Config, 'SESSION_SECRET'>, token: string): number | null {
  const m = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const id = Number(m[1]);
  const want = Buffer.from(mac(config, id));
  const got = Buffer.from(m[2]!);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}

/** The API address of the one-click unsubscribe (POST does it; GET shows a page with a button). */
export const UNSUBSCRIBE_PATH = '/api/v1/alerts/unsubscribe';

export const unsubscribeUrl = (config: Pick<Config, 'SESSION_SECRET' | 'siteUrl'>, searchId: number) =>
  `${config.siteUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(config, searchId)}`;
