import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminMedia, FEATURED_PICKS } from '../../../../shared/schemas/admin';
import type { ConfirmOptions } from '../../../components/Dialog';
import { adminApi, adminKeys } from '../shared/admin-api';
import { useRangeSelection } from '../shared/useRangeSelection';
import { bulkApi } from './bulk-api';

export type Run = (task: () => Promise<void>, failure: string | ((error: unknown) => string)) => Promise<void>;

/** What the folder view lends the grid: its working flag, its way of running a call and of saying how it went. */
export interface GridActions {
  folder: string;
  isMain: boolean;
  run: Run;
  confirm: (options: ConfirmOptions) => Promise<boolean>;
  /** A success the photographer should see (the folder view's notice). */
  say: (text: string) => void;
  /** The translation key of a failed call's error (the server's code, in words). */
  failureText: (error: unknown, fallback: string) => string;
}

/**
 * The grid's selection and what the bulk bar does with it: trash, move to another client, add to the main gallery,
 * set as featured, one request each. After each the selection is cleared, since its items have gone or changed.
 */
export function useGridSelection(
  items: AdminMedia[],
  ids: readonly string[],
  { folder, isMain, run, confirm, say, failureText }: GridActions,
) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const { selected, setSelected, clear, checkbox } = useRangeSelection(ids);
  const [moving, setMoving] = useState(false);

  const chosen = items.filter((item) => selected.has(item.id));
  const chosenIds = chosen.map((item) => item.id);
  const images = chosen.filter((item) => item.kind === 'image' && item.status === 'ready');
  const canFeature = isMain && images.length > 0 && images.length === chosen.length && chosen.length <= FEATURED_PICKS;

  const afterBulk = () => {
    clear();
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
        clear();
        say(t('bulk.featured', { count: saved.featuredIds.length }));
      },
      (error) => failureText(error, t('picks.saveFailed')),
    );

  return {
    selected,
    checkbox,
    chosen,
    canFeature,
    moving,
    selectAll: () => setSelected(new Set(ids)),
    clear,
    startMove: () => setMoving(true),
    moveTo,
    trash,
    addToMain,
    feature,
  };
}

export type GridSelection = ReturnType<typeof useGridSelection>;
