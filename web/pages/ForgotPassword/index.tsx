import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESET_CODE_LENGTH } from '../../../shared/account-rules';
import { authApi, authErrorKey } from '../../api/auth';
import { AuthForm } from '../../components/Account/AuthForm';
import { EmailField } from '../../components/EmailField';
import { FormMessage } from '../../components/FormMessage';
import { FormSubmit } from '../../components/FormSubmit';
import { EMPTY_PASSWORD_PAIR, NewPasswordFields, passwordsMatch } from '../../components/NewPasswordFields';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { TextField } from '../../components/TextField';
import { useSubmit } from '../../hooks/useSubmit';
import { Link, useNavigate, useQueryParams } from '../../router';

/** After a successful reset by code the page goes to /login after 600 ms. */
export const FORGOT_REDIRECT_MS = 600;

/**
 * /forgot-password. Step 1 asks for the e-mail and sends one message with a link and a 6-digit code; the answer
 * is neutral whether or not the address has an account. Step 2 takes the code and the new password.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const params = useQueryParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState('');
  const [passwords, setPasswords] = useState(EMPTY_PASSWORD_PAIR);
  const [notice, setNotice] = useState<string | null>(null);
  const request = useSubmit(authApi.forgotPassword, {
    onSuccess: () => {
      setNotice(t('forgot.sent'));
      setStep(2);
    },
    errorKey: (failure) => authErrorKey(failure, 'forgot.sendFailed'),
  });
  const reset = useSubmit(authApi.resetWithCode, {
    onSuccess: () => setNotice(null),
    errorKey: (failure) => authErrorKey(failure, 'forgot.resetFailed'),
  });
  const done = reset.done;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate(`/login?email=${encodeURIComponent(email.trim())}`, { replace: true }),
      FORGOT_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, email, navigate]);

  const requestLink = (event: FormEvent) => {
    event.preventDefault();
    request.submit(email.trim());
  };

  const resetPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!passwordsMatch(passwords)) return reset.fail('errors.passwordsMismatch');
    reset.submit({ email: email.trim(), code: code.trim(), newPassword: passwords.password });
  };

  const backToStepOne = () => {
    setStep(1);
    setNotice(null);
    request.reset();
    reset.reset();
    setCode('');
  };

  return (
    <PageFrame title={t('common:pages.forgotPassword')}>
      {done ? (
        <FormMessage kind="success" text={t('forgot.done')} />
      ) : step === 1 ? (
        <AuthForm
          onSubmit={requestLink}
          sending={request}
          texts="forgot"
          links={<Link to="/login">{t('forgot.backToLogin')}</Link>}
        >
          <p className="muted">{t('forgot.intro')}</p>
          <EmailField label={t('fields.email')} value={email} onChange={setEmail} />
        </AuthForm>
      ) : (
        <form className="auth-form" onSubmit={resetPassword} noValidate>
          <FormMessage kind="info" text={notice} />
          <p className="muted">{t('forgot.codeIntro')}</p>
          <TextField
            label={t('fields.code')}
            name="code"
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={RESET_CODE_LENGTH}
            pattern="[0-9]*"
            dir="ltr"
            required
            value={code}
            onChange={setCode}
          />
          <NewPasswordFields kind="new" value={passwords} onChange={setPasswords} />
          <FormSubmit
            busy={reset.busy}
            error={reset.errorKey && t(reset.errorKey)}
            label={t('forgot.resetSubmit')}
            busyLabel={t('forgot.resetting')}
          />
          <div className="form-links">
            <button className="button button--ghost" type="button" onClick={backToStepOne}>
              {t('forgot.sendNewLink')}
            </button>
            <Link to="/login">{t('forgot.backToLogin')}</Link>
          </div>
        </form>
      )}
    </PageFrame>
  );
}
