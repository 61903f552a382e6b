import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, authErrorKey } from '../../api/auth';
import { landingAfterSignIn, withNext } from '../../components/Account/landing';
import { EmailField } from '../../components/EmailField';
import { FormMessage } from '../../components/FormMessage';
import { EMPTY_PASSWORD_PAIR, NewPasswordFields, passwordsMatch } from '../../components/NewPasswordFields';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { TextField } from '../../components/TextField';
import { SESSION_QUERY_KEY } from '../../hooks/useSession';
import { useSubmit } from '../../hooks/useSubmit';
import { Link, useNavigate, useQueryParams } from '../../router';

/**
 * /signup: full name (optional), e-mail, password and confirmation. Only the match is checked here; the server
 * enforces the password policy and answers with the codes the account pages translate. `?next=` is honoured as on
 * /login.
 */
export default function SignupPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const params = useQueryParams();
  const queryClient = useQueryClient();
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [passwords, setPasswords] = useState(EMPTY_PASSWORD_PAIR);
  const signUp = useSubmit(authApi.signUp, {
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      // A new client lands on /me, which asks them to confirm the address and then shows their gallery.
      navigate(landingAfterSignIn(user, params.get('next')), { replace: true });
    },
    errorKey: (failure) => authErrorKey(failure),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordsMatch(passwords)) return signUp.fail('errors.passwordsMismatch');
    const name = fullName.trim();
    signUp.submit({ email: email.trim(), password: passwords.password, ...(name ? { fullName: name } : {}) });
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
        <EmailField label={t('fields.email')} value={email} onChange={setEmail} />
        <NewPasswordFields kind="signup" value={passwords} onChange={setPasswords} />
        <FormMessage kind="error" text={signUp.errorKey ? t(signUp.errorKey) : null} />
        <button className="button" type="submit" disabled={signUp.busy}>
          {signUp.busy ? t('signup.submitting') : t('signup.submit')}
        </button>
        <div className="form-links">
          <span>
            {t('signup.haveAccount')} <Link to={withNext('/login', params.get('next'))}>{t('signup.loginLink')}</Link>
          </span>
        </div>
      </form>
    </PageFrame>
  );
}
