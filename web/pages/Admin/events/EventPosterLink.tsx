import { useTranslation } from 'react-i18next';
import type { AdminEvent } from '../../../../shared/schemas/events';
import { Link } from '../../../router';

/** A link to the event's printable A4 poster (its name, a QR code to its page, how to find one's photos). */
export function EventPosterLink({ event }: { event: AdminEvent }) {
  const { t } = useTranslation('events');
  const query = event.visibility === 'unlisted' ? `?key=${encodeURIComponent(event.accessKey)}` : '';
  return (
    <p>
      <Link
        to={`/events/${encodeURIComponent(event.slug)}/poster${query}`}
        className="button button--ghost"
        data-testid="event-poster-link"
      >
        {t('poster.open')}
      </Link>
    </p>
  );
}
