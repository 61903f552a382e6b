import { useQueryClient } from '@tanstack/react-query';
import { type DragEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import { adminApi, adminKeys } from '../shared/admin-api';
import { movedTo } from './bulk-api';
import type { GridActions } from './useGridSelection';

type Direction = 'up' | 'down';

/**
 * The main gallery's order: a tile is dragged onto another or moved by its buttons, the new order shows at once, is
 * saved, and where the item went is announced (`announcement`, for a live region).
 */
export function useGridDrag(
  items: AdminMedia[],
  ids: readonly string[],
  gridRef: RefObject<HTMLUListElement | null>,
  { folder, isMain, working, run, failureText }: GridActions & { working: boolean },
) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const refocus = useRef<{ id: string; direction: Direction } | null>(null);

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

  /** Saves the main gallery in a new order, showing it at once and saying where the item went. */
  const reorder = (id: string, to: number, direction?: Direction) => {
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

  return { announcement, dropTarget, reorder, dragProps };
}
