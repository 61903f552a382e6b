import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminFolderList } from '../../../../shared/schemas/admin';
import { GALLERY_MODES, type GalleryMode } from '../../../../shared/schemas/proofing';
import { FormMessage } from '../../../components/FormMessage';
import { useSubmit } from '../../../hooks/useSubmit';
import { ordersApi } from '../orders/orders-api';
import { adminApi, adminKeys } from '../shared/admin-api';
import '../orders/orders.css';

/** The folder's mode as the folder list reports it; a folder the list does not know yet is delivered. */
function modeIn(list: AdminFolderList | undefined, folder: string): GalleryMode {
  return list?.items.find((item) => item.folder === folder)?.mode ?? 'delivered';
}

/**
 * A client gallery's mode, with what each means for the client: delivered (everything, downloadable) or proofing
 * (watermarked previews to pick from and order; nothing downloadable until delivered). Saved on choosing.
 */
export function GalleryModeSwitch({ folder }: { folder: string }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const folders = useQuery({ queryKey: adminKeys.folders, queryFn: adminApi.folders });
  const current = modeIn(folders.data, folder);
  const name = useId();
  const [chosen, setChosen] = useState<GalleryMode | null>(null);
  const save = useSubmit((mode: GalleryMode) => ordersApi.setMode(folder, mode), {
    onSuccess: async (answer) => {
      queryClient.setQueryData<AdminFolderList>(adminKeys.folders, (list) =>
        list
          ? {
              ...list,
              items: list.items.map((item) => (item.folder === folder ? { ...item, mode: answer.mode } : item)),
            }
          : list,
      );
      await queryClient.invalidateQueries({ queryKey: adminKeys.folders });
    },
  });
  // The choice shows at once; if the server refuses it, the saved mode comes back with the error.
  const shown = save.busy && chosen ? chosen : current;
  return (
    <fieldset className="mode-switch" aria-busy={save.busy} data-testid="gallery-mode" data-mode={current}>
      <legend className="mode-switch__legend">{t('mode.title')}</legend>
      {GALLERY_MODES.map((mode) => (
        <label key={mode} className="mode-switch__option">
          <input
            type="radio"
            name={name}
            value={mode}
            checked={shown === mode}
            disabled={save.busy || folders.isPending}
            onChange={() => {
              setChosen(mode);
              save.submit(mode);
            }}
          />
          <span>
            <strong>{t(`mode.${mode}`)}</strong>
            <span className="muted mode-switch__hint">{t(`mode.${mode}Hint`)}</span>
          </span>
        </label>
      ))}
      {save.busy ? (
        <p className="muted" role="status">
          {t('mode.saving')}
        </p>
      ) : save.done ? (
        <FormMessage kind="success" text={t(current === 'proofing' ? 'mode.savedProofing' : 'mode.savedDelivered')} />
      ) : null}
      <FormMessage kind="error" text={save.errorKey ? t(save.errorKey) : null} />
    </fieldset>
  );
}
