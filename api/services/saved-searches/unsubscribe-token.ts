/**
 * The signed address that turns one saved search's alerts off without signing in (the
 * e-mail's link and its List-Unsubscribe header): the search id signed with the session
 * secret for this one purpose (platform/signed-token.ts). Anyone holding the e-mail can turn
 * the alerts of that one search off, and nothing else; the outbox and the log keep the link
 * with its signature redacted (`unsubscribeSecret`), and the outbox resend signs it again
 * (`unsubscribeRestorer`).
 */
import type { Config } from '../../config.ts';
import { REDACTED, type Restorer } from '../platform/mailer.ts';
import { signToken, verifyToken } from '../platform/signed-token.ts';

const PURPOSE = 'saved-search-unsubscribe';

export function unsubscribeToken(config: Pick<Config, 'SESSION_SECRET'>, searchId: number): string {
  return signToken(config.SESSION_SECRET, PURPOSE, String(searchId));
}

/** The search id a token names, or null when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(config: Pick<Config, 'SESSION_SECRET'>, token: string): number | null {
  const payload = verifyToken(config.SESSION_SECRET, PURPOSE, token);
  return payload && /^\d{1,12}$/.test(payload) ? Number(payload) : null;
}

/** The API address of the one-click unsubscribe (POST does it; GET shows a page with a button). */
export const UNSUBSCRIBE_PATH = '/api/v1/alerts/unsubscribe';

export const unsubscribeUrl = (config: Pick<Config, 'SESSION_SECRET' | 'siteUrl'>, searchId: number) =>
  `${config.siteUrl}${UNSUBSCRIBE_PATH}?token=${unsubscribeToken(config, searchId)}`;

/** The part of an unsubscribe link that is secret: the token's signature (the search id is not). */
export const unsubscribeSecret = (link: string) => link.slice(link.lastIndexOf('.') + 1);

const LINK_HEAD = `${UNSUBSCRIBE_PATH}?token=`;

/** Signs again the unsubscribe links of a stored e-mail (`…?token=42.[redacted]`), for the outbox resend. */
export function unsubscribeRestorer(config: Pick<Config, 'SESSION_SECRET'>): Restorer {
  return {
    like: `%${LINK_HEAD}%.${REDACTED}%`,
    restore(stored) {
      const secrets: string[] = [];
      const [before = '', ...links] = stored.split(LINK_HEAD);
      const signed = links.map((rest) => {
        const id = /^\d{1,12}/.exec(rest)?.[0];
        if (!id || !rest.startsWith(`${id}.${REDACTED}`)) return rest;
        const token = unsubscribeToken(config, Number(id));
        secrets.push(unsubscribeSecret(token));
        return `${token}${rest.slice(id.length + 1 + REDACTED.length)}`;
      });
      return { text: [before, ...signed].join(LINK_HEAD), secrets };
    },
  };
}
