import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, authErrorKey } from '../../api/auth';
import { ApiError } from '../../api/client';
import { FormMessage } from '../../components/FormMessage';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { PasswordField } from '../../components/PasswordField';
import { Link, useNavigate, useQueryParams } from '../../router';

/** Spec §9: after a successful reset the page goes to /login after 800 ms. */
export const RESET_REDIRECT_MS = 800;

type State =
  | { kind: 'verifying' }
  | { kind: 'ready'; email: string; submitting: boolean }
  | { kind: 'done'; email: string }
  | { kind: 'error'; messageKey: string };

/** /reset-password?oobCode=…: the link from the reset e-mail (spec §4: verifying → ready → submitting → done | error). */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const oobCode = useQueryParams().get('oobCode') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<State>(
    oobCode ? { kind: 'verifying' } : { kind: 'error', messageKey: 'reset.missingCode' },
  );
  const [newPassword, setNewPassword] = useState('');
  const [confirmNewPassword, setConfirmNewPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!oobCode) return;
    let current = true;
    authApi.verifyResetLink(oobCode).then(
      ({ email }) => current && setState({ kind: 'ready', email, submitting: false }),
      (failure: unknown) =>
        current && setState({ kind: 'error', messageKey: authErrorKey(failure, 'reset.invalidOrExpired') }),
    );
    return () => {
      current = false;
    };
  }, [oobCode]);

  const doneEmail = state.kind === 'done' ? state.email : null;
  useEffect(() => {
    if (doneEmail === null) return;
    const timer = window.setTimeout(
      () => navigate(`/login?email=${encodeURIComponent(doneEmail)}`, { replace: true }),
      RESET_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [doneEmail, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (state.kind !== 'ready') return;
    setFormError(null);
    if (newPassword !== confirmNewPassword) {
      setFormError(t('errors.passwordsMismatch'));
      return;
    }
    setState({ ...state, submitting: true });
    try {
      await authApi.resetWithLink({ oobCode, newPassword });
      setState({ kind: 'done', email: state.email });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'invalid-reset-link') {
        setState({ kind: 'error', messageKey: 'reset.invalidOrExpired' });
      } else {
        setFormError(t(authErrorKey(failure)));
        setState({ ...state, submitting: false });
      }
    }
  };

  return (
    <PageFrame title={t('common:pages.resetPassword')}>
      {state.kind === 'verifying' && <p className="muted">{t('reset.verifying')}</p>}
      {state.kind === 'error' && (
        <>
          <FormMessage kind="error" text={t(state.messageKey)} />
          <p>
            <Link to="/forgot-password">{t('reset.requestNew')}</Link>
          </p>
        </>
      )}
      {state.kind === 'done' && (
        <>
          <FormMessage kind="success" text={t('reset.done')} />
          <p>
            <Link className="button" to={`/login?email=${encodeURIComponent(state.email)}`}>
              {t('reset.goToLogin')}
            </Link>
          </p>
        </>
      )}
      {state.kind === 'ready' && (
        <form className="auth-form" onSubmit={onSubmit} noValidate>
          <p>
            {t('reset.resettingFor')}{' '}
            <bdi dir="ltr" data-testid="reset-email">
              {state.email}
            </bdi>
          </p>
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
          <FormMessage kind="error" text={formError} />
          <button className="button" type="submit" disabled={state.submitting}>
            {state.submitting ? t('reset.submitting') : t('reset.submit')}
          </button>
        </form>
      )}
    </PageFrame>
  );
}
