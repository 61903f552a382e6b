import { useTranslation } from 'react-i18next';
import { siteName } from '../../site';
import { ContactDetails } from '../ContactDetails';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <ContactDetails className="site-footer__contact" />
        <p>{t('footer.rights', { year: new Date().getFullYear(), siteName: siteName() })}</p>
        <p className="muted">{t('footer.payment')}</p>
      </div>
    </footer>
  );
}
