import { useTranslation } from 'react-i18next';
import { useNamespace } from '../../hooks/useNamespace';
import { currentLanguage } from '../../i18n';
import { BookingRequestForm } from './BookingRequestForm';
import { ExternalForm } from './ExternalForm';
import { MyBookings } from './MyBookings';

/** What a client who accepted the terms gets: the booking request, the organiser's form beside it, their requests. */
export default function BookingStep({
  acceptedAt,
  email,
  formUrl,
}: {
  acceptedAt: string;
  email: string;
  formUrl: string | null;
}) {
  const { i18n } = useTranslation();
  const contact = useTranslation('contact').t;
  const textsReady = useNamespace('booking');
  const language = currentLanguage(i18n);
  return (
    <>
      <p className="contact__accepted" role="status">
        {contact('dialog.acceptedOn', {
          date: new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }).format(
            new Date(acceptedAt),
          ),
        })}
      </p>
      {textsReady && (
        <div className={`contact__booking${formUrl ? ' contact__booking--beside' : ''}`}>
          <section className="contact__section">
            <BookingRequestForm email={email} />
          </section>
          {formUrl && <ExternalForm url={formUrl} />}
        </div>
      )}
      {textsReady && <MyBookings />}
    </>
  );
}
