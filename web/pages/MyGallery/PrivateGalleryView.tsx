import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GalleryView, type GalleryViewProps } from '../../components/Gallery/GalleryView';

type PrivateGalleryViewProps = Omit<GalleryViewProps, 'loadingText' | 'errorText' | 'emptyText' | 'toolbar'> & {
  /** The client's tools beside the filters (layout switch, count, Download all or the picks view switch). */
  tools: ReactNode;
};

/** A client's own gallery, delivered or in proofing: the gallery view with the private gallery's texts. */
export function PrivateGalleryView({ tools, ...view }: PrivateGalleryViewProps) {
  const { t } = useTranslation('gallery');
  return (
    <GalleryView
      {...view}
      loadingText={t('me.loadingGallery')}
      errorText={t('error.private')}
      emptyText={t('me.empty')}
      toolbar={<div className="client-gallery__tools">{tools}</div>}
    />
  );
}
