import { useTranslation } from 'react-i18next';
import { authApi } from '../../api/auth';
import { FormMessage } from '../../components/FormMessage';
import { useSubmit } from '../../hooks/useSubmit';
import { currentLanguage } from '../../i18n';

/**
 * What /me shows an account whose address is not proven yet: where the link went, and "send again" (the server
 * limits how often). Nothing private is loaded until then; the server refuses it anyway.
 */
export function VerifyNotice({ email }: { email: string }) {
  const { t, i18n } = useTranslation(['gallery', 'common']);
  const resend = useSubmit(authApi.resendVerification);
  return (
    <div className="gallery__state verify-notice" data-testid="verify-notice">
      <h2>{t('me.verify.title')}</h2>
      <p>
        {t('me.verify.sentTo')}{' '}
        <bdi dir="ltr" className="verify-notice__email">
          {email}
        </bdi>
      </p>
      <p className="muted">{t('me.verify.hint')}</p>
      {resend.done ? <FormMessage kind="success" text={t('me.verify.sent')} /> : null}
      <FormMessage kind="error" text={resend.errorKey ? t(resend.errorKey) : null} />
      <button
        type="button"
        className="button"
        disabled={resend.busy}
        onClick={() => resend.submit(currentLanguage(i18n))}
      >
        {resend.busy ? t('me.verify.sending') : t('me.verify.sendAgain')}
      </button>
    </div>
  );
}
