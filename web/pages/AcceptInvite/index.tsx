import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../shared/bidi';
import { authApi, authErrorKey } from '../../api/auth';
import { ApiError } from '../../api/client';
import { AuthForm } from '../../components/Account/AuthForm';
import { FormMessage } from '../../components/FormMessage';
import { EMPTY_PASSWORD_PAIR, NewPasswordFields, passwordsMatch } from '../../components/NewPasswordFields';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { LoadingLine } from '../../components/QueryState';
import { SESSION_QUERY_KEY } from '../../hooks/useSession';
import { useSubmit } from '../../hooks/useSubmit';
import { currentLanguage } from '../../i18n';
import { Link, useNavigate, useQueryParams } from '../../router';

/**
 * /accept-invite?token=…: the photographer's invitation. The client chooses a password; the server proves the
 * address, signs them in, and they land in their gallery.
 */
export default function AcceptInvitePage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const token = useQueryParams().get('token') ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [passwords, setPasswords] = useState(EMPTY_PASSWORD_PAIR);
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => authApi.inspectInvitation(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const accept = useSubmit(authApi.acceptInvitation, {
    onSuccess: (user) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      navigate('/me', { replace: true });
    },
    errorKey: (failure) => authErrorKey(failure),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordsMatch(passwords)) return accept.fail('errors.passwordsMismatch');
    accept.submit({ token, newPassword: passwords.password, confirmNewPassword: passwords.confirmation });
  };

  const invalid =
    !token || invitation.isError || (accept.error instanceof ApiError && accept.error.code === 'invalid-invitation');
  return (
    <PageFrame title={t('common:pages.acceptInvite')}>
      {invalid ? (
        <>
          <FormMessage
            kind="error"
            text={t(
              invitation.error instanceof ApiError && invitation.error.code === 'too-many-requests'
                ? 'errors.tooManyRequests'
                : 'invitation.invalid',
            )}
          />
          <div className="form-links">
            <Link to="/login?next=/me">{t('invitation.login')}</Link>
            <Link to="/forgot-password">{t('login.forgot')}</Link>
          </div>
        </>
      ) : invitation.isPending ? (
        <LoadingLine text={t('invitation.checking')} />
      ) : (
        <AuthForm onSubmit={onSubmit} sending={accept} texts="invitation">
          <p>{t('invitation.welcome', { name: isolateFor(currentLanguage(i18n), invitation.data.fullName) })}</p>
          <p>
            {t('invitation.intro')}{' '}
            <bdi dir="ltr" data-testid="invitation-email">
              {invitation.data.email}
            </bdi>
          </p>
          <NewPasswordFields kind="new" value={passwords} onChange={setPasswords} />
        </AuthForm>
      )}
    </PageFrame>
  );
}
