import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../api/site';
import { GalleryView } from '../../components/Gallery/GalleryView';
import { PageFrame } from '../../components/PageFrame/PageFrame';

const PUBLIC = { kind: 'public' } as const;

/** /gallery: the public main gallery; on a new site, while its demo photos are being made, the empty state says so. */
export default function GalleryPage() {
  const { t } = useTranslation(['common', 'gallery']);
  const preparing = useSiteInfo().data?.demoPreparing === true;
  return (
    <PageFrame title={t('pages.gallery')} wide>
      <GalleryView
        source={PUBLIC}
        loadingText={t('gallery:loading')}
        errorText={t('gallery:error.public')}
        emptyText={preparing ? t('gallery:demoPreparing') : undefined}
      />
    </PageFrame>
  );
}
