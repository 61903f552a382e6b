import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, authErrorKey } from '../../api/auth';
import { landingAfterSignIn, withNext } from '../../components/Account/landing';
import { EmailField } from '../../components/EmailField';
import { FormMessage } from '../../components/FormMessage';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { PasswordField } from '../../components/PasswordField';
import { SESSION_QUERY_KEY } from '../../hooks/useSession';
import { useSubmit } from '../../hooks/useSubmit';
import { Link, useNavigate, useQueryParams } from '../../router';

/**
 * /login: e-mail and password. `?email=` pre-fills the address; afterwards `?next=/contact` returns there, else the
 * landing of landing.ts (the admin panel, or the client's gallery).
 */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const params = useQueryParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const signIn = useSubmit(authApi.signIn, {
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      navigate(landingAfterSignIn(user, params.get('next')), { replace: true });
    },
    errorKey: (failure) => authErrorKey(failure),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.submit({ email: email.trim(), password });
  };

  const typed = email.trim();
  return (
    <PageFrame title={t('common:pages.login')}>
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <EmailField label={t('fields.email')} value={email} onChange={setEmail} />
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
        />
        <FormMessage kind="error" text={signIn.errorKey ? t(signIn.errorKey) : null} />
        <button className="button" type="submit" disabled={signIn.busy}>
          {signIn.busy ? t('login.submitting') : t('login.submit')}
        </button>
        <div className="form-links">
          <Link to={typed ? `/forgot-password?email=${encodeURIComponent(typed)}` : '/forgot-password'}>
            {t('login.forgot')}
          </Link>
          <span>
            {t('login.noAccount')} <Link to={withNext('/signup', params.get('next'))}>{t('login.signupLink')}</Link>
          </span>
        </div>
      </form>
    </PageFrame>
  );
}
