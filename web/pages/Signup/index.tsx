import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, authErrorKey } from '../../api/auth';
import { FormMessage } from '../../components/FormMessage';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { SESSION_QUERY_KEY } from '../../hooks/useSession';
import { Link, useNavigate } from '../../router';

/**
 * /signup: full name (optional), e-mail, password and confirmation. Only the match is checked here; the server
 * enforces the password policy and answers with the codes translated below (spec §8).
 */
export default function SignupPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (password !== confirmPassword) {
      setError(t('errors.passwordsMismatch'));
      return;
    }
    setBusy(true);
    try {
      const name = fullName.trim();
      await authApi.signUp({ email: email.trim(), password, ...(name ? { fullName: name } : {}) });
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      navigate('/', { replace: true });
    } catch (failure) {
      setError(t(authErrorKey(failure)));
      setBusy(false);
    }
  };

  return (
    <PageFrame title={t('common:pages.signup')}>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <TextField
          label={t('fields.fullName')}
          name="fullName"
          autoComplete="name"
          value={fullName}
          onChange={setFullName}
        />
        <TextField
          label={t('fields.email')}
          name="email"
          type="email"
          autoComplete="email"
          dir="ltr"
          required
          value={email}
          onChange={setEmail}
        />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
        />
        <PasswordField
          label={t('fields.confirmPassword')}
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={setConfirmPassword}
        />
        <FormMessage kind="error" text={error} />
        <button className="button" type="submit" disabled={busy}>
          {busy ? t('signup.submitting') : t('signup.submit')}
        </button>
        <div className="form-links">
          <span>
            {t('signup.haveAccount')} <Link to="/login">{t('signup.loginLink')}</Link>
          </span>
        </div>
      </form>
    </PageFrame>
  );
}
