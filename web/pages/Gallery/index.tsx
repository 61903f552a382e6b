import { useTranslation } from 'react-i18next';
import { GalleryView } from '../../components/Gallery/GalleryView';
import { PageFrame } from '../../components/PageFrame/PageFrame';

const PUBLIC = { kind: 'public' } as const;

/** /gallery: the public main gallery. */
export default function GalleryPage() {
  const { t } = useTranslation(['common', 'gallery']);
  return (
    <PageFrame title={t('pages.gallery')} wide>
      <GalleryView source={PUBLIC} loadingText={t('gallery:loading')} errorText={t('gallery:error.public')} />
    </PageFrame>
  );
}
