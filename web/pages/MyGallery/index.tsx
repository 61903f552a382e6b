import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadAllButton } from '../../components/Gallery/DownloadAllButton';
import { DownloadButton } from '../../components/Gallery/DownloadButton';
import { GalleryView } from '../../components/Gallery/GalleryView';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { useSession } from '../../hooks/useSession';
import { Link } from '../../router';
import { VerifyNotice } from './VerifyNotice';

/**
 * /me: the signed-in user's private gallery. First "checking login", then "loading gallery"; a visitor
 * who is not signed in is told so, with a link to log in; an account that has not proven its address is asked to
 * (the server refuses its gallery until then). The server answers only with the user's own folder.
 */
export default function MyGalleryPage() {
  const { t } = useTranslation(['common', 'gallery']);
  const { user, isLoading } = useSession();
  const source = useMemo(() => (user ? { kind: 'private' as const, userId: user.id } : null), [user]);
  return (
    <PageFrame title={t('pages.me')} wide>
      {isLoading ? (
        <p className="muted" role="status">
          {t('gallery:me.checkingLogin')}
        </p>
      ) : !source ? (
        <div className="gallery__state">
          <p>{t('gallery:me.notConnected')}</p>
          <Link to="/login" className="button">
            {t('gallery:me.login')}
          </Link>
        </div>
      ) : user && !user.emailVerified && !user.isAdmin ? (
        <VerifyNotice email={user.email} />
      ) : (
        <GalleryView
          source={source}
          loadingText={t('gallery:me.loadingGallery')}
          errorText={t('gallery:error.private')}
          emptyText={t('gallery:me.empty')}
          toolbar={<DownloadAllButton />}
          lightboxActions={(item) => <DownloadButton item={item} />}
        />
      )}
    </PageFrame>
  );
}
