import { describe, expect, it } from 'vitest';
import { formatEventDates, formatStartTime, signInPath } from './event-format';

/** Intl puts thin and no-break spaces around a range's dash and before AM; the tests compare plain spaces. */
const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');

describe('event dates', () => {
  it('writes one day in the reader’s language', () => {
    expect(formatEventDates('2026-05-14', '2026-05-14', 'en')).toBe('May 14, 2026');
    expect(formatEventDates('2026-05-14', '', 'he')).toBe('14 במאי 2026');
  });

  it('writes several days as one range', () => {
    expect(plain(formatEventDates('2026-05-14', '2026-05-16', 'en'))).toBe('May 14 – 16, 2026');
    expect(plain(formatEventDates('2026-05-14', '2026-05-16', 'fr'))).toBe('14–16 mai 2026');
  });

  it('never moves a day across a time zone', () => {
    // Midnight UTC would be the 13th in a zone west of Greenwich if the zone were not fixed.
    expect(formatEventDates('2026-01-01', '', 'en')).toBe('January 1, 2026');
  });

  it('gives back what it cannot read', () => {
    expect(formatEventDates('soon', '', 'en')).toBe('soon');
  });
});

describe('start times', () => {
  it('are the time of day at the event, in the reader’s format', () => {
    // 06:31 UTC is 09:31 in Israel in May (summer time).
    expect(formatStartTime('2026-05-14T06:31:00.000Z', 'he')).toBe('9:31');
    expect(plain(formatStartTime('2026-05-14T06:31:00.000Z', 'en'))).toBe('9:31 AM');
    expect(formatStartTime('2026-05-14T06:31:00.000Z', 'fr')).toBe('09:31');
  });
});

describe('the sign-in link', () => {
  it('comes back to the same page, key and search included', () => {
    expect(signInPath('/events/spring-cup', '?key=abc&q=12')).toBe(
      '/login?next=%2Fevents%2Fspring-cup%3Fkey%3Dabc%26q%3D12',
    );
  });
});
