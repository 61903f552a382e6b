import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PublicEvent } from '../../../shared/schemas/events';
import { apiFetch } from '../../api/client';
import { QueryState } from '../../components/QueryState';
import { useNamespace } from '../../hooks/useNamespace';
import { useNoindex } from '../../hooks/useNoindex';
import { currentLanguage } from '../../i18n';
import { useQueryParams } from '../../router';
import { EventPoster } from './EventPoster';
import './poster.css';

/** The event's page as the poster's code opens it: this site's address, and an unlisted event's key. */
function eventPageUrl(slug: string, key: string | undefined): string {
  const url = new URL(`/events/${encodeURIComponent(slug)}`, window.location.origin);
  if (key) url.searchParams.set('key', key);
  return url.toString();
}

/**
 * /events/:slug/poster — the event's printable A4 poster, for the secretary's office: in the site's language (the
 * photographer's Hebrew, unless they chose another), with a Print button that the print leaves out. Its own chunk,
 * so the QR encoder loads only here.
 */
export default function EventPosterRoute({ params }: { params?: { slug?: string } }) {
  const { t, i18n } = useTranslation(['events', 'common']);
  const ready = useNamespace('events');
  const slug = params?.slug ?? '';
  const key = useQueryParams().get('key') || undefined;
  const query = useQuery({
    queryKey: ['event-poster', slug, key],
    queryFn: () =>
      apiFetch<PublicEvent>(`/api/events/${encodeURIComponent(slug)}${key ? `?key=${encodeURIComponent(key)}` : ''}`),
  });
  useNoindex(true);
  if (!ready) return <p className="page container muted">{t('common:loading')}</p>;
  return (
    <div className="page container poster-page">
      <QueryState query={query} loading={t('event.loading')} error={t('event.error')}>
        {(event) => (
          <>
            <p className="poster-page__tools">
              <button type="button" className="button" onClick={() => window.print()} data-testid="poster-print">
                {t('poster.print')}
              </button>
            </p>
            <EventPoster event={event} pageUrl={eventPageUrl(slug, key)} language={currentLanguage(i18n)} />
          </>
        )}
      </QueryState>
    </div>
  );
}
