import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminMedia, FEATURED_PICKS } from '../../../../shared/schemas/admin';
import type { ConfirmOptions } from '../../../components/Dialog';
import { MediaImage } from '../../../components/Media/MediaImage';
import { adminApi, adminKeys } from '../shared/admin-api';
import { formatBytes } from '../shared/format';
import { useRangeSelection } from '../shared/useRangeSelection';
import { bulkApi, movedTo } from './bulk-api';
import { MoveDialog } from './MoveDialog';
import './bulk.css';

export type Run = (task: () => Promise<void>, failure: string | ((error: unknown) => string)) => Promise<void>;

interface MediaGridProps {
  folder: string;
  isMain: boolean;
  items: AdminMedia[];
  /** The folder view's working flag: every action waits while one runs. */
  working: boolean;
  run: Run;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** A success the photographer should see (the folder view's notice). */
  say: (text: string) => void;
  /** The translation key of a failed call's error (the server's code, in words). */
  failureText: (error: unknown, fallback: string) => string;
  /** Deletes one item (after the folder view's own question). */
  onDelete: (item: AdminMedia) => void;
}

/**
 * A folder's grid with many-item selection (a checkbox per tile; Shift for a range, from the keyboard too; select
 * all) and the bulk bar: trash, move to another client, add to the main gallery, set as featured, one request each.
 * In the main gallery the tiles are also reordered, by drag and drop or by the move buttons, and the new order is
 * saved at once and announced.
 */
export function MediaGrid({
  folder,
  isMain,
  items,
  working,
  run,
  confirm,
  say,
  failureText,
  onDelete,
}: MediaGridProps) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const ids = useMemo(() => items.map((item) => item.id), [items]);
  const { selected, setSelected, clear: clearSelection, checkbox } = useRangeSelection(ids);
  const [moving, setMoving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const refocus = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);
  const gridRef = useRef<HTMLUListElement>(null);

  // Moving a tile in the list takes its buttons out of the document for a moment, which drops the focus: the button
  // that moved it gets it back. (The move buttons say they are unavailable with aria-disabled rather than disabled,
  // so the focus can stay on them while the new order is saved.)
  useEffect(() => {
    const target = refocus.current;
    if (!target) return;
    refocus.current = null;
    gridRef.current
      ?.querySelector<HTMLElement>(`[data-id="${CSS.escape(target.id)}"] [data-move="${target.direction}"]`)
      ?.focus();
  });

  const chosen = items.filter((item) => selected.has(item.id));
  const chosenIds = chosen.map((item) => item.id);
  const images = chosen.filter((item) => item.kind === 'image' && item.status === 'ready');
  const canFeature = isMain && images.length > 0 && images.length === chosen.length && chosen.length <= FEATURED_PICKS;

  const afterBulk = () => {
    clearSelection();
    void queryClient.invalidateQueries({ queryKey: adminKeys.trash });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'folder'] });
  };

  const trash = async () => {
    const ok = await confirm({
      title: t('bulk.confirmTrash', { count: chosenIds.length }),
      text: t('bulk.confirmTrashText'),
      confirmLabel: t('bulk.trash'),
      tone: 'danger',
    });
    if (!ok) return;
    await run(
      async () => {
        const result = await bulkApi.trash(folder, chosenIds);
        afterBulk();
        say(t('bulk.trashed', { count: result.count }));
      },
      (error) => failureText(error, t('folder.deleteFailed')),
    );
  };

  const moveTo = async (to: string | null) => {
    setMoving(false);
    if (!to) return;
    await run(
      async () => {
        const result = await bulkApi.move(folder, chosenIds, to);
        afterBulk();
        say(t('bulk.moved', { count: result.count }));
      },
      (error) => failureText(error, t('bulk.moveFailed')),
    );
  };

  const addToMain = () =>
    run(
      async () => {
        const result = await bulkApi.addToMainGallery(folder, chosenIds);
        afterBulk();
        say(t('bulk.added', { count: result.count, unchanged: result.unchanged }));
      },
      (error) => failureText(error, t('bulk.addFailed')),
    );

  const feature = () =>
    run(
      async () => {
        const current = await adminApi.homePicks();
        const saved = await adminApi.saveHomePicks({ heroId: current.heroId, featuredIds: chosenIds });
        queryClient.setQueryData(adminKeys.picks, saved);
        clearSelection();
        say(t('bulk.featured', { count: saved.featuredIds.length }));
      },
      (error) => failureText(error, t('picks.saveFailed')),
    );

  /** Saves the main gallery in a new order, showing it at once and saying where the item went. */
  const reorder = (id: string, to: number, direction?: 'up' | 'down') => {
    const from = ids.indexOf(id);
    if (from < 0 || to === from) return;
    const order = movedTo(ids, from, to);
    const byId = new Map(items.map((item) => [item.id, item]));
    queryClient.setQueryData(adminKeys.folder(folder), {
      items: order.map((each) => byId.get(each) as AdminMedia),
    });
    if (direction) refocus.current = { id, direction };
    const name = byId.get(id)?.name ?? '';
    setAnnouncement(t('bulk.movedTo', { name, position: order.indexOf(id) + 1, count: order.length }));
    void run(
      () => adminApi.reorderMainGallery(order).then(() => undefined),
      (error) => failureText(error, t('folder.reorderFailed')),
    );
  };

  const dragProps = (item: AdminMedia) =>
    isMain && !working
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            dragged.current = item.id;
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', item.id);
          },
          onDragOver: (event: DragEvent) => {
            if (dragged.current === null) return;
            event.preventDefault();
            setDropTarget(item.id);
          },
          onDragLeave: () => setDropTarget((current) => (current === item.id ? null : current)),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            const id = dragged.current;
            dragged.current = null;
            setDropTarget(null);
            if (id && id !== item.id) reorder(id, ids.indexOf(item.id));
          },
          onDragEnd: () => {
            dragged.current = null;
            setDropTarget(null);
          },
        }
      : {};

  return (
    <>
      <fieldset className="bulk-bar" data-testid="bulk-bar">
        <legend className="visually-hidden">{t('bulk.label')}</legend>
        <span className="bulk-bar__count" data-testid="bulk-count">
          {t('bulk.selected', { count: chosen.length, total: items.length })}
        </span>
        <button
          type="button"
          className="button button--ghost"
          disabled={working || chosen.length === items.length}
          onClick={() => setSelected(new Set(ids))}
        >
          {t('bulk.selectAll')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={working || chosen.length === 0}
          onClick={clearSelection}
        >
          {t('bulk.selectNone')}
        </button>
        <button
          type="button"
          className="button button--danger"
          disabled={working || chosen.length === 0}
          onClick={() => void trash()}
        >
          {t('bulk.trash')}
        </button>
        <button
          type="button"
          className="button button--ghost"
          disabled={working || chosen.length === 0}
          onClick={() => setMoving(true)}
        >
          {t('bulk.move')}
        </button>
        {isMain ? (
          <button
            type="button"
            className="button button--ghost"
            disabled={working || !canFeature}
            title={t('picks.limit', { count: FEATURED_PICKS })}
            onClick={() => void feature()}
          >
            {t('bulk.feature')}
          </button>
        ) : (
          <button
            type="button"
            className="button button--ghost"
            disabled={working || chosen.length === 0}
            onClick={() => void addToMain()}
          >
            {t('bulk.addToMain')}
          </button>
        )}
      </fieldset>
      {isMain ? <p className="muted">{t('bulk.reorderHint')}</p> : null}
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="reorder-status">
        {announcement}
      </p>
      {moving ? <MoveDialog from={folder} count={chosen.length} onAnswer={(to) => void moveTo(to)} /> : null}
      <ul className="admin-grid" aria-busy={working} ref={gridRef}>
        {items.map((item, index) => (
          <li
            key={item.id}
            className="admin-tile"
            data-testid="admin-media"
            data-id={item.id}
            data-name={item.name}
            data-status={item.status}
            data-selected={selected.has(item.id)}
            data-drop-target={dropTarget === item.id}
            {...dragProps(item)}
          >
            <label className="admin-tile__select">
              <input type="checkbox" disabled={working} data-testid="select-media" {...checkbox(item.id)} />
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
              <button type="button" className="button button--ghost" disabled={working} onClick={() => onDelete(item)}>
                {t('folder.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
