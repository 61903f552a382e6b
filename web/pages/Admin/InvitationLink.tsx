import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The invitation link, to paste into WhatsApp or a text message as well as the e-mail that was just sent. */
export function InvitationLink({ link }: { link: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin, a refused permission): the field is selectable by hand.
      setCopied(false);
    }
  };
  return (
    <div className="invitation-link">
      <p role="status">{t('clients.invitationSent')}</p>
      <label htmlFor={id}>{t('clients.invitationLink')}</label>
      <div className="invitation-link__row">
        <input
          id={id}
          readOnly
          dir="ltr"
          value={link}
          data-testid="invitation-link"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--ghost" onClick={copy}>
          {copied ? t('clients.copied') : t('clients.copy')}
        </button>
      </div>
    </div>
  );
}
