import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import { useNamespace } from '../../../hooks/useNamespace';
import { ActionMenu, type MenuAction } from '../shared/ActionMenu';
import { VersionsDialog } from './VersionsDialog';

/**
 * What one photo can do, behind one "⋯ Actions" button on its tile: its earlier versions (a photo an edited upload
 * replaced) and Delete, which still asks first (the folder view's question). What many photos can do at once is on
 * the selection bar.
 */
export function PhotoMenu({
  item,
  folder,
  disabled,
  onDelete,
}: {
  item: AdminMedia;
  folder: string;
  disabled: boolean;
  onDelete: (item: AdminMedia) => void;
}) {
  const { t } = useTranslation(['admin', 'sales']);
  const salesReady = useNamespace('sales');
  const [versionsOpen, setVersionsOpen] = useState(false);
  const actions: MenuAction[] = [];
  if (item.edited && salesReady) {
    actions.push({ id: 'versions', label: t('sales:edits.versions.open'), onSelect: () => setVersionsOpen(true) });
  }
  actions.push({ id: 'delete', label: t('photoMenu.delete'), danger: true, onSelect: () => onDelete(item) });
  return (
    <>
      <ActionMenu
        testId="photo-menu"
        disabled={disabled}
        actions={actions}
        // The visible "⋯ Actions", named with the photo it acts on (every tile has one).
        name={`${t('photoMenu.open')} ${item.name}`}
        label={
          <>
            <span aria-hidden="true">⋯ </span>
            {t('photoMenu.open')}
          </>
        }
      />
      {versionsOpen ? <VersionsDialog item={item} folder={folder} onClose={() => setVersionsOpen(false)} /> : null}
    </>
  );
}
