import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { LoadingLine } from '../../components/QueryState';
import { useSession } from '../../hooks/useSession';
import { Link } from '../../router';
import { ClientGallery } from './ClientGallery';
import { VerifyNotice } from './VerifyNotice';

/**
 * /me: the signed-in user's private gallery. First "checking login", then "loading gallery"; a visitor
 * who is not signed in is told so, with a link to log in; an account that has not proven its address is asked to
 * (the server refuses its gallery until then). The server answers only with the user's own folder, delivered or in
 * proofing (ClientGallery).
 */
export default function MyGalleryPage() {
  const { t } = useTranslation(['common', 'gallery']);
  const { user, isLoading } = useSession();
  return (
    <PageFrame title={t('pages.me')} wide>
      {isLoading ? (
        <LoadingLine text={t('gallery:me.checkingLogin')} />
      ) : !user ? (
        <div className="gallery__state">
          <p>{t('gallery:me.notConnected')}</p>
          <Link to="/login" className="button">
            {t('gallery:me.login')}
          </Link>
        </div>
      ) : !user.emailVerified && !user.isAdmin ? (
        <VerifyNotice email={user.email} />
      ) : (
        <ClientGallery key={user.id} user={user} />
      )}
    </PageFrame>
  );
}
