import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth';
import { FormMessage } from '../../components/FormMessage';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { LoadingLine } from '../../components/QueryState';
import { SESSION_QUERY_KEY, useSession } from '../../hooks/useSession';
import { useSubmit } from '../../hooks/useSubmit';
import { Link, useQueryParams } from '../../router';

/**
 * /verify-email?token=…: the link from the sign-up (or address-change) e-mail. The token is sent once, as the page
 * opens; the server proves the address and the private gallery opens for the signed-in account.
 */
export default function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'common']);
  const token = useQueryParams().get('token') ?? '';
  const queryClient = useQueryClient();
  const { user } = useSession();
  const verify = useSubmit(authApi.verifyEmail, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    errorKey: () => 'verifyEmail.invalid',
  });
  const { submit } = verify;
  // Single use: a second send (a re-render, React's development double effects) would only get "already used".
  const sentToken = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sentToken.current === token) return;
    sentToken.current = token;
    submit(token);
  }, [token, submit]);

  const failedKey = token ? verify.errorKey : 'verifyEmail.invalid';
  return (
    <PageFrame title={t('common:pages.verifyEmail')}>
      {failedKey ? (
        <>
          <FormMessage kind="error" text={t(failedKey)} />
          <p>
            {user ? (
              <Link className="button" to="/me">
                {t('verifyEmail.sendAgainFromGallery')}
              </Link>
            ) : (
              <Link className="button" to="/login?next=/me">
                {t('verifyEmail.loginToSendAgain')}
              </Link>
            )}
          </p>
        </>
      ) : verify.done && verify.data ? (
        <>
          <FormMessage kind="success" text={t('verifyEmail.done')} />
          <p>
            <bdi dir="ltr" data-testid="verified-email">
              {verify.data.email}
            </bdi>
          </p>
          <p>
            <Link className="button" to={user ? '/me' : '/login?next=/me'}>
              {user ? t('verifyEmail.openGallery') : t('verifyEmail.login')}
            </Link>
          </p>
        </>
      ) : (
        <LoadingLine text={t('verifyEmail.verifying')} />
      )}
    </PageFrame>
  );
}
