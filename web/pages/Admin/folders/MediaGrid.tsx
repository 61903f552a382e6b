import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import { MediaImage } from '../../../components/Media/MediaImage';
import { formatBytes } from '../shared/format';
import { BulkBar } from './BulkBar';
import { EditedMark } from './EditedMark';
import { MoveDialog } from './MoveDialog';
import { PhotoMenu } from './PhotoMenu';
import { useGridDrag } from './useGridDrag';
import { type GridActions, useGridSelection } from './useGridSelection';
import './bulk.css';

interface MediaGridProps extends GridActions {
  items: AdminMedia[];
  /** The folder view's working flag: every action waits while one runs. */
  working: boolean;
  /** Deletes one item (after the folder view's own question). */
  onDelete: (item: AdminMedia) => void;
}

/**
 * A folder's grid with many-item selection (a checkbox per tile; Shift for a range, from the keyboard too; select
 * all) and the bulk bar (useGridSelection). In the main gallery the tiles are also reordered, by drag and drop or by
 * the move buttons, and the new order is saved at once and announced (useGridDrag). What one photo can do is in its
 * "Actions" menu (PhotoMenu); the move buttons stay on the tile, the one-press way to reorder without dragging.
 */
export function MediaGrid({ items, working, onDelete, ...actions }: MediaGridProps) {
  const { t, i18n } = useTranslation('admin');
  const { folder, isMain } = actions;
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const gridRef = useRef<HTMLUListElement>(null);
  const selection = useGridSelection(items, ids, actions);
  const { announcement, dropTarget, reorder, dragProps } = useGridDrag(items, ids, gridRef, { ...actions, working });

  return (
    <>
      <BulkBar selection={selection} total={items.length} isMain={isMain} working={working} />
      {isMain ? <p className="muted">{t('bulk.reorderHint')}</p> : null}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="reorder-status">
        {announcement}
      </p>
      {selection.moving ? (
        <MoveDialog from={folder} count={selection.chosen.length} onAnswer={(to) => void selection.moveTo(to)} />
      ) : null}
      <ul className="admin-grid" aria-busy={working} ref={gridRef}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className="admin-tile"
            data-testid="admin-media"
            data-id={item.id}
            data-name={item.name}
            data-status={item.status}
            data-selected={selection.selected.has(item.id)}
            data-drop-target={dropTarget === item.id}
            {...dragProps(item)}
          >
            <label className="admin-tile__select">
              <input type="checkbox" disabled={working} data-testid="select-media" {...selection.checkbox(item.id)} />
              <span className="visually-hidden">{t('bulk.select', { name: item.name })}</span>
            </label>
            <div className="admin-tile__preview">
              {item.view ? (
                <MediaImage media={item.view} sizes="12rem" alt={item.name} />
              ) : (
                <span className="muted">{item.status === 'failed' ? t('folder.failed') : t('folder.processing')}</span>
              )}
            </div>
            <bdi className="admin-tile__name">{item.name}</bdi>
            {item.edited ? <EditedMark /> : null}
            <span className="muted">
              <bdi>{formatBytes(item.size, i18n.language)}</bdi>
            </span>
            <div className="admin-tile__actions">
              {isMain ? (
                <>
                  <button
                    type="button"
                    className="button button--ghost"
                    data-move="up"
                    aria-disabled={working || index === 0}
                    onClick={() => !working && index > 0 && reorder(item.id, index - 1, 'up')}
                  >
                    {t('folder.moveUp')}
                  </button>
                  <button
                    type="button"
                    className="button button--ghost"
                    data-move="down"
                    aria-disabled={working || index === items.length - 1}
                    onClick={() => !working && index < items.length - 1 && reorder(item.id, index + 1, 'down')}
                  >
                    {t('folder.moveDown')}
                  </button>
                </>
              ) : null}
              <PhotoMenu item={item} folder={folder} disabled={working} onDelete={onDelete} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
