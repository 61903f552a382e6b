import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import { useNamespace } from '../../../hooks/useNamespace';
import { VersionsDialog } from './VersionsDialog';
import './versions.css';

/** On a tile whose original an edited version replaced: the "Edited" mark, and the earlier versions to restore. */
export function EditedVersions({ item, folder }: { item: AdminMedia; folder: string }) {
  const { t } = useTranslation('sales');
  const ready = useNamespace('sales');
  const [open, setOpen] = useState(false);
  if (!ready) return null;
  return (
    <span className="admin-tile__edited">
      <span className="edited-mark">{t('edits.versions.edited')}</span>
      <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
        {t('edits.versions.open')}
      </button>
      {open ? <VersionsDialog item={item} folder={folder} onClose={() => setOpen(false)} /> : null}
    </span>
  );
}
