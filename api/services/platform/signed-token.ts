/**
 * Signed, url-safe tokens for links that carry their own data (no table): `{payload}.{sig}`,
 * where sig is the first 128 bits of HMAC-SHA256 over `{purpose}|{payload}` with the session
 * secret, in base64url. The purpose keeps a token made for one kind of link from passing as
 * another. The payload must itself be url-safe and hold no ".". Changing SESSION_SECRET
 * voids every token made before.
 *
 * Only the one spelling `signToken` writes passes: 16 bytes take 22 base64url characters, whose
 * last one carries 4 unused bits, and a decoder ignores them; so the signature is compared as
 * written (the canonical text of the expected bytes), never as decoded bytes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIG_BYTES = 16;
const SIG_LENGTH = 22; // 16 bytes in base64url, unpadded
const SIG = /^[A-Za-z0-9_-]{22}$/;

function signature(secret: string, purpose: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`${purpose}|${payload}`).digest().subarray(0, SIG_BYTES);
}

/** `payload.signature` for this purpose. */
export function signToken(secret: string, purpose: string, payload: string): string {
  if (payload.includes('.')) throw new Error('a signed payload holds no "."');
  return `${payload}.${signature(secret, purpose, payload).toString('base64url')}`;
}

/** The payload of a token this secret signed for this purpose, or null (malformed or tampered). */
export function verifyToken(secret: string, purpose: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length - dot - 1 !== SIG_LENGTH) return null;
  const payload = token.slice(0, dot);
  const sig = token.slice(dot + 1);
  if (!SIG.test(sig) || payload.includes('.')) return null;
  const got = Buffer.from(sig, 'latin1');
  const want = Buffer.from(signature(secret, purpose, payload).toString('base64url'), 'latin1');
  return got.length === want.length && timingSafeEqual(got, want) ? payload : null;
}
