import { useTranslation } from 'react-i18next';
import type { GalleryType } from '../../../shared/schemas/gallery';
import { GALLERY_TYPES } from './gallery-constants';

/** The filter buttons All / Images / Videos; the chosen one is pressed. */
export function FilterBar({ type, onType }: { type: GalleryType; onType: (type: GalleryType) => void }) {
  const { t } = useTranslation('gallery');
  return (
    <fieldset className="filters">
      <legend className="visually-hidden">{t('filters.label')}</legend>
      {GALLERY_TYPES.map((value) => (
        <button
          key={value}
          type="button"
          className="filters__button"
          aria-pressed={value === type}
          onClick={() => onType(value)}
        >
          {t(`filters.${value}`)}
        </button>
      ))}
    </fieldset>
  );
}
