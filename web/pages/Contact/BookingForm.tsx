import { useTranslation } from 'react-i18next';

/** The external registration form (BOOKING_FORM_URL), or a clear notice when it is not configured. */
export function BookingForm({ url, loading, isAdmin }: { url: string | null; loading: boolean; isAdmin: boolean }) {
  const { t } = useTranslation('contact');
  if (loading) return null;
  if (!url) {
    return (
      <div className="contact__notice card">
        <p>{t('form.notConfigured')}</p>
        {isAdmin && <p className="muted">{t('form.notConfiguredAdmin')}</p>}
      </div>
    );
  }
  return (
    <iframe
      className="contact__form"
      src={url}
      title={t('form.title')}
      loading="lazy"
      referrerPolicy="strict-origin-when-cross-origin"
      sandbox="allow-forms allow-scripts allow-same-origin allow-popups"
    />
  );
}
