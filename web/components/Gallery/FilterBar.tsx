import { useTranslation } from 'react-i18next';
import { GALLERY_TYPES } from '../../../shared/gallery-constants';
import type { GalleryType } from '../../../shared/schemas/gallery';
import { ToggleButtons } from './ToggleButtons';

/** The filter buttons All / Images / Videos; the chosen one is pressed. */
export function FilterBar({ type, onType }: { type: GalleryType; onType: (type: GalleryType) => void }) {
  const { t } = useTranslation('gallery');
  return (
    <ToggleButtons
      label={t('filters.label')}
      options={GALLERY_TYPES}
      value={type}
      onChange={onType}
      text={(value) => t(`filters.${value}`)}
    />
  );
}
