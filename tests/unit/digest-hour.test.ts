import { describe, expect, it } from 'vitest';
import { digestDue, isTimeZone, lastDigestMoment } from '../../src/domain/saved-searches/digest-hour.ts';

const at = (iso: string) => Date.parse(iso);

describe('the daily digest hour', () => {
  it('is the latest local hour at or before now', () => {
    // London in summer is UTC+1: 08:00 local is 07:00 UTC
    expect(new Date(lastDigestMoment(at('2026-07-10T07:30:00Z'), 8, 'Europe/London')).toISOString()).toBe(
      '2026-07-10T07:00:00.000Z',
    );
    expect(new Date(lastDigestMoment(at('2026-07-10T06:59:00Z'), 8, 'Europe/London')).toISOString()).toBe(
      '2026-07-09T07:00:00.000Z',
    );
    // Tokyo, no daylight saving: 08:00 local is 23:00 UTC the day before
    expect(new Date(lastDigestMoment(at('2026-01-10T00:00:00Z'), 8, 'Asia/Tokyo')).toISOString()).toBe(
      '2026-01-09T23:00:00.000Z',
    );
    // New York in winter is UTC-5
    expect(new Date(lastDigestMoment(at('2026-01-10T12:00:00Z'), 0, 'America/New_York')).toISOString()).toBe(
      '2026-01-10T05:00:00.000Z',
    );
  });

  it('follows a daylight saving change', () => {
    // London moved to UTC+1 on 2026-03-29 at 01:00 UTC
    expect(new Date(lastDigestMoment(at('2026-03-29T12:00:00Z'), 9, 'Europe/London')).toISOString()).toBe(
      '2026-03-29T08:00:00.000Z',
    );
    expect(new Date(lastDigestMoment(at('2026-03-28T12:00:00Z'), 9, 'Europe/London')).toISOString()).toBe(
      '2026-03-28T09:00:00.000Z',
    );
  });

  it('is due once a day, at the hour', () => {
    const sent = at('2026-07-10T07:00:05Z');
    expect(digestDue(at('2026-07-10T06:59:00Z'), at('2026-07-09T07:00:01Z'), 8, 'Europe/London')).toBe(false);
    expect(digestDue(at('2026-07-10T07:00:00Z'), at('2026-07-09T07:00:01Z'), 8, 'Europe/London')).toBe(true);
    expect(digestDue(at('2026-07-10T15:00:00Z'), sent, 8, 'Europe/London')).toBe(false);
    expect(digestDue(at('2026-07-11T07:00:00Z'), sent, 8, 'Europe/London')).toBe(true);
  });

  it('knows the IANA zones', () => {
    expect(isTimeZone('Asia/Tokyo')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});
