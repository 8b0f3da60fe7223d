/** Who sees the cookie notice, and the cookie that remembers Got it!. */
import { describe, expect, it } from 'vitest';
import { hasRememberCookie, needsNotice, rememberCookie, REMEMBER_COOKIE } from '../../src/domain/cookie-notice.ts';

describe('cookie notice', () => {
  it('shows for the listed European countries and an unknown country, in any case', () => {
    expect(needsNotice('DE')).toBe(true);
    expect(needsNotice('fr')).toBe(true);
    expect(needsNotice('PL')).toBe(true);
    expect(needsNotice('PO')).toBe(true);
    expect(needsNotice(null)).toBe(true);
    expect(needsNotice('US')).toBe(false);
    expect(needsNotice('JP')).toBe(false);
  });
  it('remembers Got it! for 365 days', () => {
    expect(rememberCookie(false)).toBe(`${REMEMBER_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax`);
    expect(rememberCookie(true)).toMatch(/; Secure$/);
    expect(hasRememberCookie(`a=1; ${REMEMBER_COOKIE}=1`)).toBe(true);
    expect(hasRememberCookie(`x${REMEMBER_COOKIE}=1`)).toBe(false);
  });
});
