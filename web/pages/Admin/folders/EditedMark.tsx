import { useTranslation } from 'react-i18next';
import { useNamespace } from '../../../hooks/useNamespace';
import './versions.css';

/** On a tile whose original an edited version replaced: the "Edited" mark (its earlier versions are in the menu). */
export function EditedMark() {
  const { t } = useTranslation('sales');
  const ready = useNamespace('sales');
  if (!ready) return null;
  return (
    <span className="admin-tile__edited">
      <span className="edited-mark">{t('edits.versions.edited')}</span>
    </span>
  );
}
