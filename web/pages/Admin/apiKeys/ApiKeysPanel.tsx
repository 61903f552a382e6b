import { useTranslation } from 'react-i18next';

/** The keys the sync tool signs in with: created (shown once), listed and revoked. */
export function ApiKeysPanel() {
  const { t } = useTranslation('admin');
  return (
    <section className="admin-card" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{t('apiKeys.title')}</h2>
    </section>
  );
}
