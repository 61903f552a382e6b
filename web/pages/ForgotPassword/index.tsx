import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RESET_CODE_LENGTH } from '../../../shared/account-rules';
import { authApi, authErrorKey } from '../../api/auth';
import { FormMessage } from '../../components/FormMessage';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { PasswordField } from '../../components/PasswordField';
import { TextField } from '../../components/TextField';
import { Link, useNavigate, useQueryParams } from '../../router';

/** Spec §9: after a successful reset the page goes to /login after 600 ms. */
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
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(
      () => navigate(`/login?email=${encodeURIComponent(email.trim())}`, { replace: true }),
      FORGOT_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [done, email, navigate]);

  const requestLink = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      await authApi.forgotPassword(email.trim());
      setNotice(t('forgot.sent'));
      setStep(2);
    } catch (failure) {
      setError(t(authErrorKey(failure, 'forgot.sendFailed')));
    } finally {
      setBusy(false);
    }
  };

  const resetPassword = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (newPassword !== confirmNewPassword) {
      setError(t('errors.passwordsMismatch'));
      return;
    }
    setBusy(true);
    try {
      await authApi.resetWithCode({ email: email.trim(), code: code.trim(), newPassword });
      setNotice(null);
      setDone(true);
    } catch (failure) {
      setError(t(authErrorKey(failure, 'forgot.resetFailed')));
    } finally {
      setBusy(false);
    }
  };

  const backToStepOne = () => {
    setStep(1);
    setNotice(null);
    setError(null);
    setCode('');
  };

  return (
    <PageFrame title={t('common:pages.forgotPassword')}>
      {done ? (
        <FormMessage kind="success" text={t('forgot.done')} />
      ) : step === 1 ? (
        <form className="auth-form" onSubmit={requestLink} noValidate>
          <p className="muted">{t('forgot.intro')}</p>
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
          <FormMessage kind="error" text={error} />
          <button className="button" type="submit" disabled={busy}>
            {busy ? t('forgot.submitting') : t('forgot.submit')}
          </button>
          <div className="form-links">
            <Link to="/login">{t('forgot.backToLogin')}</Link>
          </div>
        </form>
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
            {busy ? t('forgot.resetting') : t('forgot.resetSubmit')}
          </button>
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
