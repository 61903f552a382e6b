import { useTranslation } from 'react-i18next';
import type { GalleryLayout } from './gallery-layout';

/** Grid / Large: two pressed-or-not buttons, like the gallery's filters. */
export function LayoutSwitch({
  layout,
  onLayout,
}: {
  layout: GalleryLayout;
  onLayout: (layout: GalleryLayout) => void;
}) {
  const { t } = useTranslation('gallery');
  return (
    <fieldset className="filters layout-switch">
      <legend className="visually-hidden">{t('layout.label')}</legend>
      {(['grid', 'large'] as const).map((option) => (
        <button
          key={option}
          type="button"
          className="filters__button"
          aria-pressed={layout === option}
          onClick={() => onLayout(option)}
        >
          {t(`layout.${option}`)}
        </button>
      ))}
    </fieldset>
  );
}
