import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth';
import { AuthForm } from '../../components/Account/AuthForm';
import { withNext } from '../../components/Account/landing';
import { useSignInSubmit } from '../../components/Account/useSignInSubmit';
import { EmailField } from '../../components/EmailField';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { PasswordField } from '../../components/PasswordField';
import { Link, useQueryParams } from '../../router';

/**
 * /login: e-mail and password. `?email=` pre-fills the address; afterwards `?next=/contact` returns there, else the
 * landing of landing.ts (the admin panel, or the client's gallery).
 */
export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const params = useQueryParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const signIn = useSignInSubmit(authApi.signIn);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    signIn.submit({ email: email.trim(), password });
  };

  const typed = email.trim();
  const links = (
    <>
      <Link to={typed ? `/forgot-password?email=${encodeURIComponent(typed)}` : '/forgot-password'}>
        {t('login.forgot')}
      </Link>
      <span>
        {t('login.noAccount')} <Link to={withNext('/signup', params.get('next'))}>{t('login.signupLink')}</Link>
      </span>
    </>
  );
  return (
    <PageFrame title={t('common:pages.login')}>
      <AuthForm onSubmit={onSubmit} sending={signIn} texts="login" links={links}>
        <EmailField label={t('fields.email')} value={email} onChange={setEmail} />
        <PasswordField label={t('fields.password')} name="password" value={password} onChange={setPassword} />
      </AuthForm>
    </PageFrame>
  );
}
