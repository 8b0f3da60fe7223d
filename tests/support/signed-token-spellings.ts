/**
 * The other spellings of a signed token's signature (api/services/platform/signed-token.ts):
 * its last base64url character with the 4 bits a decoder ignores set otherwise, so the
 * signature decodes to the same bytes.
 */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function otherSpellings(token: string): string[] {
  const last = ALPHABET.indexOf(token.slice(-1));
  return Array.from({ length: 16 }, (_, low) => (last & ~15) | low)
    .filter((n) => n !== last)
    .map((n) => `${token.slice(0, -1)}${ALPHABET[n]}`);
}
