import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  countdownWords,
  formatCountdown,
  holdableKind,
  HoldExpirySchema,
  HoldLimitsSchema,
  mayExtend,
  PlaceHoldSchema,
} from '../../src/domain/trade/holds.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;

describe('formatCountdown', () => {
  it('shows hh:mm, rounding minutes up so a running hold never reads 00:00', () => {
    expect(formatCountdown(65 * MIN)).toBe('01:05');
    expect(formatCountdown(1000)).toBe('00:01');
    expect(formatCountdown(23 * HOUR + 59 * MIN)).toBe('23:59');
  });
  it('adds days past a day, and reads 00:00 once over', () => {
    expect(formatCountdown(48 * HOUR)).toBe('2d 00:00');
    expect(formatCountdown(26 * HOUR + 10 * MIN)).toBe('1d 02:10');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });
  it('says the same in words for screen readers', () => {
    expect(countdownWords(65 * MIN)).toBe('1 hour 5 minutes');
    expect(countdownWords(50 * HOUR)).toBe('2 days 2 hours');
    expect(countdownWords(0)).toBe('ended');
  });
});

describe('hold rules', () => {
  it('holds single stones only', () => {
    expect(holdableKind('Single Item')).toBe(true);
    expect(holdableKind('Multiple Items')).toBe(false);
  });
  it('extends once, when allowed, while running', () => {
    expect(mayExtend({ extended: false, ended: false }, true)).toBe(true);
    expect(mayExtend({ extended: true, ended: false }, true)).toBe(false);
    expect(mayExtend({ extended: false, ended: true }, true)).toBe(false);
    expect(mayExtend({ extended: false, ended: false }, false)).toBe(false);
  });
  it('takes 1-168 whole hours, an ISO end time and limits 0-100', () => {
    expect(v.safeParse(PlaceHoldSchema, { diamondId: 3, hours: 168 }).success).toBe(true);
    expect(v.safeParse(PlaceHoldSchema, { diamondId: 3, hours: 169 }).success).toBe(false);
    expect(v.safeParse(PlaceHoldSchema, { diamondId: 3, hours: 1.5 }).success).toBe(false);
    expect(v.safeParse(HoldExpirySchema, { expires_at: '2026-05-01T12:00:00Z' }).success).toBe(true);
    expect(v.safeParse(HoldExpirySchema, { expires_at: 'tomorrow' }).success).toBe(false);
    expect(v.safeParse(HoldLimitsSchema, { maxHolds: 101, holdExtendAllowed: true }).success).toBe(false);
  });
});
