/**
 * Wall-clock times in a time zone, turned into moments and back (the server reading start lists and cameras, the
 * admin page showing a photo's time at the showground). Start lists and cameras speak local time ("09:30" at the
 * showground); the database keeps moments (UTC ISO), so a photo and a start compare correctly across the change to
 * daylight-saving time.
 */

/** Minutes east of UTC that `timeZone` is at the moment `at` (Israel in summer: 180). */
export function offsetMinutes(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const field = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(
    field('year'),
    field('month') - 1,
    field('day'),
    field('hour'),
    field('minute'),
    field('second'),
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** `2026-05-14T09:30:00` in `Asia/Jerusalem` → the moment (2026-05-14T06:30:00Z). */
export function zonedTimeToDate(localTime: string, timeZone: string): Date {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(localTime);
  if (!match) throw new RangeError(`not a local time: ${localTime}`);
  const [, y, mo, d, h, mi, s = '0'] = match;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Two passes settle the offset even when the first guess falls on the other side of a daylight-saving change.
  let guess = wall - offsetMinutes(new Date(wall), timeZone) * 60_000;
  guess = wall - offsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(guess);
}

/** A moment as the wall-clock time of `timeZone`, `YYYY-MM-DDTHH:MM:SS` (what a datetime-local field shows). */
export function dateToZonedTime(at: Date, timeZone: string): string {
  return new Date(at.getTime() + offsetMinutes(at, timeZone) * 60_000).toISOString().slice(0, 19);
}

/** Whether `timeZone` is one Intl knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
