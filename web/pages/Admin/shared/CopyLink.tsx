import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A link to hand on (an invitation, an unlisted competition's address): a read-only field that selects itself, and
 * a Copy button. Without a clipboard (an insecure origin, a refused permission) the field is selected by hand.
 */
export function CopyLink({ label, link, testId }: { label: string; link: string; testId?: string }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="invitation-link">
      <label htmlFor={id}>{label}</label>
      <div className="invitation-link__row">
        <input
          id={id}
          className="text-input"
          readOnly
          dir="ltr"
          value={link}
          data-testid={testId}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button type="button" className="button button--ghost" onClick={copy}>
          {copied ? t('clients.copied') : t('clients.copy')}
        </button>
      </div>
    </div>
  );
}
