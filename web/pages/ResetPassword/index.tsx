import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi, authErrorKey } from '../../api/auth';
import { ApiError } from '../../api/client';
import { FormMessage } from '../../components/FormMessage';
import { EMPTY_PASSWORD_PAIR, NewPasswordFields, passwordsMatch } from '../../components/NewPasswordFields';
import { PageFrame } from '../../components/PageFrame/PageFrame';
import { useSubmit } from '../../hooks/useSubmit';
import { Link, useNavigate, useQueryParams } from '../../router';

/** After a successful reset the page goes to /login after 800 ms, once the confirmation has been seen. */
export const RESET_REDIRECT_MS = 800;

type State =
  | { kind: 'verifying' }
  | { kind: 'ready'; email: string }
  | { kind: 'done'; email: string }
  | { kind: 'error'; messageKey: string };

/** /reset-password?oobCode=…: the link from the reset e-mail (verifying → ready → submitting → done | error). */
export default function ResetPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const oobCode = useQueryParams().get('oobCode') ?? '';
  const navigate = useNavigate();
  const [state, setState] = useState<State>(
    oobCode ? { kind: 'verifying' } : { kind: 'error', messageKey: 'reset.missingCode' },
  );
  const [passwords, setPasswords] = useState(EMPTY_PASSWORD_PAIR);
  const reset = useSubmit(authApi.resetWithLink, {
    onSuccess: () =>
      setState((current) => (current.kind === 'ready' ? { kind: 'done', email: current.email } : current)),
    errorKey: (failure) => authErrorKey(failure),
  });

  useEffect(() => {
    if (!oobCode) return;
    let current = true;
    authApi.verifyResetLink(oobCode).then(
      ({ email }) => current && setState({ kind: 'ready', email }),
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

  // A link that expired while the form was open ends the form, as an invalid link does at the start.
  const linkExpired = reset.error instanceof ApiError && reset.error.code === 'invalid-reset-link';
  useEffect(() => {
    if (linkExpired) setState({ kind: 'error', messageKey: 'reset.invalidOrExpired' });
  }, [linkExpired]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (state.kind !== 'ready') return;
    if (!passwordsMatch(passwords)) return reset.fail('errors.passwordsMismatch');
    reset.submit({ oobCode, newPassword: passwords.password });
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
          <NewPasswordFields kind="new" value={passwords} onChange={setPasswords} />
          <FormMessage kind="error" text={reset.errorKey && !linkExpired ? t(reset.errorKey) : null} />
          <button className="button" type="submit" disabled={reset.busy}>
            {reset.busy ? t('reset.submitting') : t('reset.submit')}
          </button>
        </form>
      )}
    </PageFrame>
  );
}
