import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublicEvent } from '../../../shared/schemas/events';
import { formatEventDates } from '../../components/Events/event-format';
import { MediaImage } from '../../components/Media/MediaImage';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { QueryState } from '../../components/QueryState';
import { currentLanguage } from '../../i18n';
import { Link } from '../../router';
import { eventsApi, eventsKeys } from './events-api';

/** One competition in the list: its cover, name (the link), days, venue and discipline. */
function EventCard({ event, language }: { event: PublicEvent; language: string }) {
  const { t } = useTranslation('events');
  return (
    <li className="event-card" data-testid="event-card" data-slug={event.slug}>
      <div className="event-card__cover">
        {event.cover ? <MediaImage media={event.cover} sizes="(max-width: 40rem) 100vw, 22rem" alt="" /> : null}
      </div>
      <div className="event-card__body">
        <h2 className="event-card__name">
          <Link to={`/events/${event.slug}`} className="event-card__link">
            <bdi>{event.name}</bdi>
          </Link>
        </h2>
        <p className="event-card__when">
          <time dateTime={event.date}>{formatEventDates(event.date, event.endDate, language)}</time>
        </p>
        <p className="event-card__where muted">
          {event.venue ? (
            <>
              <bdi>{event.venue}</bdi> ·{' '}
            </>
          ) : null}
          {t(`discipline.${event.discipline}`)}
        </p>
        {event.photoCount > 0 ? (
          <p className="event-card__count muted">{t('list.photos', { count: event.photoCount })}</p>
        ) : null}
      </div>
    </li>
  );
}

/** /events: the public competitions, newest first; each opens its page to find one's photos. */
export function EventList() {
  const { t, i18n } = useTranslation(['events', 'gallery']);
  const language = currentLanguage(i18n);
  const query = useQuery({ queryKey: eventsKeys.list, queryFn: eventsApi.list });
  return (
    <PageFrame title={t('list.title')} wide>
      <p className="events-intro">{t('list.intro')}</p>
      <QueryState
        query={query}
        loading={t('list.loading')}
        error={t('list.error')}
        errorClassName="events-state"
        isEmpty={(data) => data.events.length === 0}
        empty={t('list.empty')}
      >
        {(data) => (
          <ul className="tile-grid event-list">
            {data.events.map((event) => (
              <EventCard key={event.slug} event={event} language={language} />
            ))}
          </ul>
        )}
      </QueryState>
    </PageFrame>
  );
}
