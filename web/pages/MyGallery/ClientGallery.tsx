import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClientOrder } from '../../../shared/schemas/proofing';
import type { SessionUser } from '../../../shared/schemas/session';
import { DownloadAllButton } from '../../components/Gallery/DownloadAllButton';
import { DownloadButton } from '../../components/Gallery/DownloadButton';
import { GalleryView } from '../../components/Gallery/GalleryView';
import { galleryPageQuery } from '../../components/Gallery/gallery-api';
import { readGalleryUrl } from '../../components/Gallery/useGalleryUrl';
import { useNamespace } from '../../hooks/useNamespace';
import { currentLanguage } from '../../i18n';
import { OrderStatusPanel } from './OrderStatusPanel';
import { ProofingGallery } from './ProofingGallery';
import { usePicks } from './usePicks';

/** The latest order above a delivered gallery (the photographer delivered it by switching the whole gallery). */
function DeliveredOrder({ order }: { order: ClientOrder }) {
  const { i18n } = useTranslation();
  const ready = useNamespace('proofing');
  return ready ? <OrderStatusPanel order={order} language={currentLanguage(i18n)} /> : null;
}

/** Proofing needs its texts before it can show a heart; until then, the gallery's loading line. */
function ProofingWhenReady(props: Parameters<typeof ProofingGallery>[0]) {
  const { t } = useTranslation('gallery');
  const ready = useNamespace('proofing');
  return ready ? (
    <ProofingGallery {...props} />
  ) : (
    <p className="gallery__state muted" role="status">
      {t('me.loadingGallery')}
    </p>
  );
}

/**
 * A verified client's gallery. The picks answer says which mode it is in: `delivered`, the gallery as it always was
 * (Download, Download all); `proofing`, proofs to pick from (ProofingGallery). The first gallery page is asked for at
 * the same time, so knowing the mode costs no extra wait. If the picks cannot be read, the delivered view is shown:
 * the server refuses any download that is not the client's anyway.
 */
export function ClientGallery({ user }: { user: SessionUser }) {
  const { t, i18n } = useTranslation(['common', 'gallery']);
  const queryClient = useQueryClient();
  const source = useMemo(() => ({ kind: 'private' as const, userId: user.id }), [user.id]);
  const state = usePicks(user.id);
  const { picks } = state;

  useEffect(() => {
    const { type, page } = readGalleryUrl(new URLSearchParams(window.location.search));
    void queryClient.prefetchQuery(galleryPageQuery(source, type, page));
  }, [queryClient, source]);

  if (state.query.isPending) {
    return (
      <p className="gallery__state muted" role="status">
        {t('gallery:me.loadingGallery')}
      </p>
    );
  }
  const language = currentLanguage(i18n);
  if (picks?.mode === 'proofing') {
    return <ProofingWhenReady userId={user.id} source={source} language={language} state={{ ...state, picks }} />;
  }
  return (
    <>
      {picks?.order ? <DeliveredOrder order={picks.order} /> : null}
      <GalleryView
        source={source}
        loadingText={t('gallery:me.loadingGallery')}
        errorText={t('gallery:error.private')}
        emptyText={t('gallery:me.empty')}
        toolbar={<DownloadAllButton />}
        lightboxActions={(item) => <DownloadButton item={item} />}
      />
    </>
  );
}
