import { useTranslation } from 'react-i18next';

/** The organiser's external registration form (BOOKING_FORM_URL), shown beside the booking request. */
export function ExternalForm({ url }: { url: string }) {
  const { t } = useTranslation('contact');
  return (
    <section className="contact__section" aria-labelledby="contact-external-heading">
      <h2 id="contact-external-heading">{t('form.externalHeading')}</h2>
      <iframe
        className="contact__form"
        src={url}
        title={t('form.title')}
        loading="lazy"
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
      />
    </section>
  );
}
