/**
 * Signed tokens pass in the one spelling they were made in: the last base64url character of a
 * 16-byte signature carries 4 unused bits, and a token whose signature differs only there is
 * refused like any other tampered one.
 */
import { describe, expect, it } from 'vitest';
import { signToken, verifyToken } from '../../api/services/platform/signed-token.ts';
import { otherSpellings } from '../support/signed-token-spellings.ts';

const SECRET = 'a test secret of enough length for the session';

describe('signed tokens', () => {
  it('pass as made, with their payload', () => {
    const token = signToken(SECRET, 'purpose', '42');
    expect(verifyToken(SECRET, 'purpose', token)).toBe('42');
  });

  it('refuse every other spelling of the same signature bytes', () => {
    for (const payload of ['1', '42', 'abc-def', '9x']) {
      const token = signToken(SECRET, 'purpose', payload);
      const others = otherSpellings(token);
      expect(others).toHaveLength(15);
      for (const other of others) {
        // the same bytes when decoded, so only the spelling tells them apart
        expect(Buffer.from(other.split('.')[1]!, 'base64url')).toEqual(Buffer.from(token.split('.')[1]!, 'base64url'));
        expect(verifyToken(SECRET, 'purpose', other), other).toBeNull();
      }
    }
  });
});
