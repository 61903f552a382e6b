import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_MANIFEST_PATH } from '../../../../shared/api-paths';
import { currentLanguage } from '../../../i18n';

/**
 * While the panel is open the page names its web app manifest and the home-screen icon, so a phone can install the
 * admin as an app that opens on Today, named in the language the panel shows. Only admin pages carry them: the public
 * pages stay as they are.
 */
export function useAdminManifest(): void {
  const { i18n } = useTranslation();
  const language = currentLanguage(i18n);
  useEffect(() => {
    const added = [
      Object.assign(document.createElement('link'), {
        rel: 'manifest',
        href: `${ADMIN_MANIFEST_PATH}?lng=${language}`,
      }),
      Object.assign(document.createElement('link'), { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }),
    ];
    document.head.append(...added);
    return () => {
      for (const link of added) link.remove();
    };
  }, [language]);
}
