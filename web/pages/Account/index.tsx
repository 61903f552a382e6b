import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { LoadingLine } from '../../components/QueryState';
import { useSession } from '../../hooks/useSession';
import { Link } from '../../router';

/** /account: who is signed in, with a link to change the password; otherwise a sign-in link. */
export default function AccountPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { user, isLoading } = useSession();
  return (
    <PageFrame title={t('common:pages.account')}>
      {isLoading ? (
        <LoadingLine text={t('common:loading')} announce={false} />
      ) : user ? (
        <>
          <p>
            {t('account.signedInAs')}{' '}
            <bdi dir="ltr" data-testid="account-email">
              {user.email}
            </bdi>
          </p>
          <p>
            <Link className="button button--ghost" to="/change-password">
              {t('account.changePasswordLink')}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p>{t('account.notLoggedIn')}</p>
          <p>
            <Link className="button" to="/login?next=/account">
              {t('account.loginLink')}
            </Link>
          </p>
        </>
      )}
    </PageFrame>
  );
}
