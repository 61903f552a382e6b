import { useTranslation } from 'react-i18next';
import { ToggleButtons } from '../../components/Gallery/ToggleButtons';
import type { GalleryLayout } from './gallery-layout';

const LAYOUTS: readonly GalleryLayout[] = ['grid', 'large'];

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
    <ToggleButtons
      className="layout-switch"
      label={t('layout.label')}
      options={LAYOUTS}
      value={layout}
      onChange={onLayout}
      text={(option) => t(`layout.${option}`)}
    />
  );
}
