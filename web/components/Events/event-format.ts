/**
 * How the competition pages write dates, times and links. Pure functions, so they are tested without a browser.
 */
import { intlText } from '../../../shared/intl-texts';

/**
 * The time zone start lists are written in. The site is in Israel (createEventRequestSchema's default); the public
 * event does not carry its zone, so start times are shown as the start list printed them, wherever the visitor is.
 */
export const EVENT_TIME_ZONE = 'Asia/Jerusalem';

/** A calendar day (`YYYY-MM-DD`) as a Date at UTC midnight, or null. */
function day(iso: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * An event's day or days as the reader's language writes them: "14 May 2026", or a range Intl shortens where it can
 * ("14–16 May 2026", "14–16 במאי 2026"). Days are calendar days, formatted in UTC so no zone moves them.
 */
export function formatEventDates(start: string, end: string, language: string): string {
  const from = day(start);
  if (!from) return start;
  const to = day(end);
  return intlText(`event-dates ${language} ${start} ${end}`, () => {
    const format = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
    return to && to.getTime() > from.getTime() ? format.formatRange(from, to) : format.format(from);
  });
}

/** A ride's start time (an instant) as the time of day at the event: "09:31" or "9:31 AM" as the language writes it. */
export function formatStartTime(iso: string, language: string, timeZone = EVENT_TIME_ZONE): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return intlText(`start-time ${language} ${timeZone} ${iso}`, () =>
    new Intl.DateTimeFormat(language, { timeStyle: 'short', timeZone }).format(date),
  );
}

/** The login page that comes back here afterwards (the path with its query: an unlisted event's key, the search). */
export function signInPath(pathname: string, search: string): string {
  return `/login?next=${encodeURIComponent(`${pathname}${search}`)}`;
}
