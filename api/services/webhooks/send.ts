/**
 * One HTTP POST of a signed webhook message. The socket's DNS look-up is the SSRF guard's
 * (every resolved address is checked and the checked address is the one connected to); an
 * IP-literal host is checked here since Node does not look it up. Redirects are not followed
 * (a 3xx is a failed attempt). Only 2xx counts as delivered.
 */
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { addressRefusal, guardedLookup, urlShapeRefusal, type AddressPolicy } from './address-guard.ts';

export const SEND_TIMEOUT_MS = 10_000;
const USER_AGENT = 'FacetTrade-Webhooks/1';

export type SendResult = { ok: boolean; status: number | null; error: string | null };

export function sendWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  policy: AddressPolicy,
  timeoutMs = SEND_TIMEOUT_MS,
): Promise<SendResult> {
  const refused = (error: string): Promise<SendResult> => Promise.resolve({ ok: false, status: null, error });
  const shape = urlShapeRefusal(rawUrl, policy);
  if (shape) return refused(shape);
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    const why = addressRefusal(host, policy);
    if (why) return refused(`${host} is ${why}`);
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (r: SendResult) => {
      if (settled) return;
      settled = true;
      resolve(r);
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(policy),
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': USER_AGENT,
        },
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        const ok = status >= 200 && status < 300;
        done({ ok, status, error: ok ? null : `HTTP ${status}` });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)));
    req.on('error', (err) => done({ ok: false, status: null, error: err.message || String(err) }));
    req.end(body);
  });
}
