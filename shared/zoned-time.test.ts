import { describe, expect, it } from 'vitest';
import { dateToZonedTime, isTimeZone, zonedTimeToDate } from './zoned-time';

describe('local times of the showground as moments', () => {
  it.each([
    // Israel: UTC+2 in winter, UTC+3 in summer.
    ['2026-01-14T09:30:00', 'Asia/Jerusalem', '2026-01-14T07:30:00.000Z'],
    ['2026-05-14T09:30:00', 'Asia/Jerusalem', '2026-05-14T06:30:00.000Z'],
    ['2026-05-14T09:30', 'Asia/Jerusalem', '2026-05-14T06:30:00.000Z'],
    ['2026-07-01T23:59:59', 'UTC', '2026-07-01T23:59:59.000Z'],
    ['2026-07-01T08:00:00', 'Europe/Paris', '2026-07-01T06:00:00.000Z'],
    // The day after the spring change (Israel moves on the Friday before the last Sunday of March).
    ['2026-03-28T10:00:00', 'Asia/Jerusalem', '2026-03-28T07:00:00.000Z'],
  ])('%s in %s is %s', (local, zone, expected) => {
    expect(zonedTimeToDate(local, zone).toISOString()).toBe(expected);
  });

  it('turns a moment back into the wall clock of the zone', () => {
    expect(dateToZonedTime(new Date('2026-05-14T06:30:00Z'), 'Asia/Jerusalem')).toBe('2026-05-14T09:30:00');
    expect(dateToZonedTime(new Date('2026-01-14T07:30:00Z'), 'Asia/Jerusalem')).toBe('2026-01-14T09:30:00');
  });

  it('refuses what is not a local time, and knows real zones from made-up ones', () => {
    expect(() => zonedTimeToDate('9:30', 'UTC')).toThrow(RangeError);
    expect(isTimeZone('Asia/Jerusalem')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
