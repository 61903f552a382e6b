import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, authErrorKey } from '../../api/auth';
import { ApiError } from '../../api/client';
import { FormMessage } from '../../components/FormMessage';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { PasswordField } from '../../components/PasswordField';
import { SESSION_QUERY_KEY, useSession } from '../../hooks/useSession';
import { useNavigate } from '../../router';

/** Spec §9: after a successful change the page returns home after 2 seconds. */
export const CHANGE_PASSWORD_REDIRECT_MS = 2000;

/** /change-password: the server re-checks the current password and ends the user's other sessions. */
export default function ChangePasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/'), CHANGE_PASSWORD_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (newPassword !== confirmNewPassword) {
      setError(t('changePassword.mismatch'));
      return;
    }
    if (!user) {
      setError(t('changePassword.noUser'));
      return;
    }
    setBusy(true);
    try {
      await authApi.changePassword({ currentPassword, newPassword });
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      setDone(true);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'unauthenticated') setError(t('changePassword.noUser'));
      else if (failure instanceof ApiError && failure.code === 'invalid-credentials') {
        setError(t('errors.wrongCurrentPassword'));
      } else setError(t(authErrorKey(failure)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title={t('common:pages.changePassword')}>
      {done ? (
        <FormMessage kind="success" text={t('changePassword.success')} />
      ) : (
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <PasswordField
            label={t('fields.currentPassword')}
            name="currentPassword"
            autoComplete="current-password"
            value={currentPassword}
            onChange={setCurrentPassword}
          />
          <PasswordField
            label={t('fields.newPassword')}
            name="newPassword"
            autoComplete="new-password"
            value={newPassword}
            onChange={setNewPassword}
          />
          <PasswordField
            label={t('fields.confirmNewPassword')}
            name="confirmNewPassword"
            autoComplete="new-password"
            value={confirmNewPassword}
            onChange={setConfirmNewPassword}
          />
          <FormMessage kind="error" text={error} />
          <button className="button" type="submit" disabled={busy}>
            {busy ? t('changePassword.submitting') : t('changePassword.submit')}
          </button>
        </form>
      )}
    </PageFrame>
  );
}
