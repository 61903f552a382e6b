import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../api/site';
import { ContactDetails } from '../../components/ContactDetails';
import { DownloadAllButton } from '../../components/Gallery/DownloadAllButton';

/**
 * A client gallery with nothing in it yet: what happens next (the photographer uploads after the event, and an
 * e-mail says when the photos are ready), and how to reach the photographer meanwhile, when their details are set.
 * Download all is there, disabled, so the client sees where their photos will come from.
 */
export function EmptyGallery() {
  const { t } = useTranslation('gallery');
  const contact = useSiteInfo().data?.contact;
  const reachable = contact ? Object.values(contact).some(Boolean) : false;
  return (
    <div className="gallery__state empty-gallery" data-testid="empty-gallery">
      <p className="empty-gallery__lead">{t('me.empty')}</p>
      <p className="muted">{t('me.nextSteps')}</p>
      {reachable ? (
        <>
          <p>{t('me.questions')}</p>
          <ContactDetails />
        </>
      ) : null}
      <DownloadAllButton count={0} />
    </div>
  );
}
