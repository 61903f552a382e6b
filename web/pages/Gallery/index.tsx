import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../api/site';
import { GalleryView } from '../../components/Gallery/GalleryView';
import { PageFrame } from '../../components/PageFrame/PageFrame';

const PUBLIC = { kind: 'public' } as const;

/** How often a visitor waiting for a new site's demo photos asks whether they are ready. */
const PREPARING_POLL_MS = 5_000;

/**
 * While a new site's demo photos are being made, the site is asked again every few seconds; when they are done, the
 * gallery loads them, so a visitor who waits on the page sees them appear without reloading.
 */
function useDemoPreparing(): boolean {
  const preparing = useSiteInfo({ pollWhilePreparingMs: PREPARING_POLL_MS }).data?.demoPreparing === true;
  const queryClient = useQueryClient();
  const wasPreparing = useRef(preparing);
  useEffect(() => {
    if (wasPreparing.current && !preparing) void queryClient.invalidateQueries({ queryKey: ['gallery', 'public'] });
    wasPreparing.current = preparing;
  }, [preparing, queryClient]);
  return preparing;
}

/** /gallery: the public main gallery; on a new site, while its demo photos are being made, the empty state says so. */
export default function GalleryPage() {
  const { t } = useTranslation(['common', 'gallery']);
  const preparing = useDemoPreparing();
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
