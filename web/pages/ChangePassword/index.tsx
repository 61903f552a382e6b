import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, authErrorKey } from '../../api/auth';
import { ApiError } from '../../api/client';
import { AuthForm } from '../../components/Account/AuthForm';
import { FormMessage } from '../../components/FormMessage';
import { EMPTY_PASSWORD_PAIR, NewPasswordFields, passwordsMatch } from '../../components/NewPasswordFields';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { PasswordField } from '../../components/PasswordField';
import { SESSION_QUERY_KEY, useSession } from '../../hooks/useSession';
import { useSubmit } from '../../hooks/useSubmit';
import { useNavigate } from '../../router';

/** After a successful change the page returns home after 2 seconds, time enough to read the confirmation. */
export const CHANGE_PASSWORD_REDIRECT_MS = 2000;

/** /change-password: the server re-checks the current password and ends the user's other sessions. */
export default function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [passwords, setPasswords] = useState(EMPTY_PASSWORD_PAIR);
  const change = useSubmit(authApi.changePassword, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
    errorKey: (failure) => {
      if (failure instanceof ApiError && failure.code === 'unauthenticated') return 'changePassword.noUser';
      if (failure instanceof ApiError && failure.code === 'invalid-credentials') return 'errors.wrongCurrentPassword';
      return authErrorKey(failure);
    },
  });
  const done = change.done;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/'), CHANGE_PASSWORD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordsMatch(passwords)) return change.fail('changePassword.mismatch');
    if (!user) return change.fail('changePassword.noUser');
    change.submit({ currentPassword, newPassword: passwords.password });
  };

  return (
    <PageFrame title={t('common:pages.changePassword')}>
      {done ? (
        <FormMessage kind="success" text={t('changePassword.success')} />
      ) : (
        <AuthForm onSubmit={onSubmit} sending={change} texts="changePassword">
          <PasswordField
            label={t('fields.currentPassword')}
            name="currentPassword"
            value={currentPassword}
            onChange={setCurrentPassword}
          />
          <NewPasswordFields kind="new" value={passwords} onChange={setPasswords} />
        </AuthForm>
      )}
    </PageFrame>
  );
}
