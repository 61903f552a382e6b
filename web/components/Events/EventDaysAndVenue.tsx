import { formatEventDates } from './event-format';

interface EventDaysAndVenueProps {
  event: { date: string; endDate: string; venue: string };
  language: string;
}

/**
 * An event's days and, when known, its venue ("12–14 May 2026 · Kfar Hess"), for a line that goes on with more
 * facts after its own " · ". The event's page and the admin's list of events say it the same way.
 */
export function EventDaysAndVenue({ event, language }: EventDaysAndVenueProps) {
  return (
    <>
      <time dateTime={event.date}>{formatEventDates(event.date, event.endDate, language)}</time>
      {event.venue ? (
        <>
          {' · '}
          <bdi>{event.venue}</bdi>
        </>
      ) : null}
    </>
  );
}
