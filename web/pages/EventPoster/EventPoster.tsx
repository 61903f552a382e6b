import { useTranslation } from 'react-i18next';
import type { PublicEvent } from '../../../shared/schemas/events';
import { EventDaysAndVenue } from '../../components/Events/EventDaysAndVenue';
import { QrCode } from '../../components/QrCode';

/**
 * The A4 poster itself: the event's name, its days and venue, a QR code as large as the sheet allows, and how a rider
 * finds their photos and asks to be told of them, in big type. `pageUrl` is the event's page (with an unlisted
 * event's key), which the code opens.
 */
export function EventPoster({ event, pageUrl, language }: { event: PublicEvent; pageUrl: string; language: string }) {
  const { t } = useTranslation('events');
  return (
    <article className="poster" data-testid="event-poster">
      <h1 className="poster__name">
        <bdi>{event.name}</bdi>
      </h1>
      <p className="poster__facts">
        <EventDaysAndVenue event={event} language={language} />
      </p>
      <p className="poster__call">{t('poster.findByNumber')}</p>
      <QrCode url={pageUrl} label={t('poster.qrLabel')} className="poster__qr" testId="poster-qr" />
      <p className="poster__how">{t('poster.how')}</p>
      <p className="poster__subscribe">{t('poster.subscribe')}</p>
      <p className="poster__address" dir="ltr">
        {pageUrl.replace(/^https?:\/\//, '')}
      </p>
    </article>
  );
}
