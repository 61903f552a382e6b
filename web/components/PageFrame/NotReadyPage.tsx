import { useTranslation } from 'react-i18next';
import { PageFrame } from './PageFrame';

/** The frame of a page whose content is not built yet: its real title and an honest sentence, nothing pretended. */
export function NotReadyPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <PageFrame title={t(titleKey)}>
      <p className="muted">{t('notReady')}</p>
    </PageFrame>
  );
}
