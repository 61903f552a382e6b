import { useTranslation } from 'react-i18next';
import { CopyLink } from '../shared/CopyLink';

/** The invitation link, to paste into WhatsApp or a text message as well as the e-mail that was just sent. */
export function InvitationLink({ link }: { link: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="invitation-link">
      <p role="status">{t('clients.invitationSent')}</p>
      <CopyLink label={t('clients.invitationLink')} link={link} testId="invitation-link" />
    </div>
  );
}
