import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/Dialog';
import { adminApi, adminKeys } from '../shared/admin-api';

/** Asks which client the selected items go to; answers the folder, or null when the photographer steps back. */
export function MoveDialog({
  from,
  count,
  onAnswer,
}: {
  from: string;
  count: number;
  onAnswer: (folder: string | null) => void;
}) {
  const { t } = useTranslation('admin');
  const fieldId = useId();
  const folders = useQuery({ queryKey: adminKeys.folders, queryFn: adminApi.folders });
  const others = (folders.data?.items ?? []).filter((item) => item.folder !== from);
  const [to, setTo] = useState('');
  return (
    <Dialog title={t('bulk.moveTitle', { count })} onClose={() => onAnswer(null)}>
      <label className="admin-field" htmlFor={fieldId}>
        {t('bulk.moveTo')}
      </label>
      <select id={fieldId} value={to} data-testid="move-target" onChange={(event) => setTo(event.currentTarget.value)}>
        <option value="">—</option>
        {others.map((item) => (
          <option key={item.folder} value={item.folder}>
            {item.name ? `${item.name} (${item.email})` : item.email}
          </option>
        ))}
      </select>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" data-autofocus onClick={() => onAnswer(null)}>
          {t('common:dialog.cancel')}
        </button>
        <button type="button" className="button dialog__confirm" disabled={to === ''} onClick={() => onAnswer(to)}>
          {t('bulk.move')}
        </button>
      </div>
    </Dialog>
  );
}
