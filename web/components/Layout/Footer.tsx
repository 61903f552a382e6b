import { useTranslation } from 'react-i18next';
import { siteName } from '../../site';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <p>{t('footer.rights', { year: new Date().getFullYear(), siteName: siteName() })}</p>
        <p className="muted">{t('footer.payment')}</p>
      </div>
    </footer>
  );
}
