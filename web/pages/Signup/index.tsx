import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth';
import { AuthForm } from '../../components/Account/AuthForm';
import { withNext } from '../../components/Account/landing';
import { useSignInSubmit } from '../../components/Account/useSignInSubmit';
import { EmailField } from '../../components/EmailField';
import { EMPTY_PASSWORD_PAIR, NewPasswordFields, passwordsMatch } from '../../components/NewPasswordFields';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { TextField } from '../../components/TextField';
import { Link, useQueryParams } from '../../router';

/**
 * /signup: full name (optional), e-mail, password and confirmation. Only the match is checked here; the server
 * enforces the password policy and answers with the codes the account pages translate. `?next=` is honoured as on
 * /login.
 */
export default function SignupPage() {
  const { t } = useTranslation(['auth', 'common']);
  const params = useQueryParams();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [passwords, setPasswords] = useState(EMPTY_PASSWORD_PAIR);
  // A new client lands on /me, which asks them to confirm the address and then shows their gallery.
  const signUp = useSignInSubmit(authApi.signUp);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordsMatch(passwords)) return signUp.fail('errors.passwordsMismatch');
    const name = fullName.trim();
    signUp.submit({ email: email.trim(), password: passwords.password, ...(name ? { fullName: name } : {}) });
  };

  const links = (
    <span>
      {t('signup.haveAccount')} <Link to={withNext('/login', params.get('next'))}>{t('signup.loginLink')}</Link>
    </span>
  );
  return (
    <PageFrame title={t('common:pages.signup')}>
      <AuthForm onSubmit={onSubmit} sending={signUp} texts="signup" links={links}>
        <TextField
          label={t('fields.fullName')}
          name="fullName"
          autoComplete="name"
          value={fullName}
          onChange={setFullName}
        />
        <EmailField label={t('fields.email')} value={email} onChange={setEmail} />
        <NewPasswordFields kind="signup" value={passwords} onChange={setPasswords} />
      </AuthForm>
    </PageFrame>
  );
}
