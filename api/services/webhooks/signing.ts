/**
 * Standard Webhooks signing (https://www.standardwebhooks.com), with the specification's
 * reference implementation (the `standardwebhooks` package): the secret is `whsec_` + base64
 * of 32 random bytes; each request carries `webhook-id` (the message id, the same on every
 * retry), `webhook-timestamp` (Unix seconds) and `webhook-signature`
 * (`v1,` + base64 HMAC-SHA256 of `id.timestamp.body` keyed with the decoded secret).
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

/** A message id: `msg_` + 22 url-safe random characters. */
export const newMessageId = (): string => `msg_${randomBytes(16).toString('base64url')}`;

export type SignedHeaders = { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string };

export function signedHeaders(secret: string, msgId: string, at: Date, body: string): SignedHeaders {
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(msgId, at, body),
  };
}
