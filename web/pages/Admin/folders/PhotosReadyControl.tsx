import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../../shared/bidi';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../../shared/i18n/languages';
import { useConfirm } from '../../../components/Dialog';
import { currentLanguage } from '../../../i18n';
import { adminApi, adminKeys } from '../shared/admin-api';
import { formatDateTime } from '../shared/format';

interface PhotosReadyControlProps {
  folder: string;
  /** Ready items the folder view shows: when it changes (an upload finished processing), the status is asked again. */
  readyCount: number;
  /** The folder view's working flag: another operation runs. */
  disabled: boolean;
  /** The folder view's way to run an operation: sets the working flag and shows `failure` when the task throws. */
  run: (task: () => Promise<void>, failure: string) => Promise<void>;
  onSent: (text: string) => void;
}

/**
 * The "your photos are ready" e-mail of a client folder: when it was last sent and with how many items, how many are
 * new since, and the button. The server announces each item once; with nothing new the button offers to send again
 * and asks first, and an empty gallery has nothing to send.
 */
export function PhotosReadyControl({ folder, readyCount, disabled, run, onSent }: PhotosReadyControlProps) {
  const { t, i18n } = useTranslation('admin');
  const isolate = (value: string) => isolateFor(currentLanguage(i18n), value);
  const queryClient = useQueryClient();
  const [language, setLanguage] = useState<Language | ''>('');
  const [confirm, confirmDialog] = useConfirm();
  const emptyHintId = useId();
  const status = useQuery({
    queryKey: [...adminKeys.photosReady(folder), readyCount],
    queryFn: () => adminApi.photosReady(folder),
  });
  const last = status.data?.last ?? null;
  const empty = !status.data || status.data.readyCount === 0;
  const fresh = (status.data?.newCount ?? 0) > 0;
  const lastSent = last
    ? t('photosReady.lastSent', {
        date: isolate(formatDateTime(last.sentAt, i18n.language)),
        count: last.itemCount,
      })
    : t('photosReady.neverSent');

  const send = async () => {
    if (!fresh && last) {
      const again = await confirm({
        title: t('photosReady.againTitle'),
        text: t('photosReady.againText', {
          date: isolate(formatDateTime(last.sentAt, i18n.language)),
          count: last.itemCount,
        }),
        confirmLabel: t('photosReady.sendAgain'),
      });
      if (!again) return;
    }
    await run(async () => {
      try {
        const sent = await adminApi.notify(folder, { ...(language ? { language } : {}), again: !fresh });
        onSent(t('photosReady.sent', { email: isolate(sent.sentTo), count: sent.itemCount }));
      } finally {
        await queryClient.invalidateQueries({ queryKey: adminKeys.photosReady(folder) });
      }
    }, t('folder.notifyFailed'));
  };

  return (
    <section className="photos-ready" aria-label={t('folder.notify')} data-testid="photos-ready">
      <p className="photos-ready__status">
        <span>{lastSent}</span>
        {fresh ? (
          <span className="photos-ready__new">{t('photosReady.newItems', { count: status.data?.newCount ?? 0 })}</span>
        ) : null}
      </p>
      <div className="photos-ready__actions">
        <label className="admin-inline-field">
          <span>{t('folder.notifyLanguage')}</span>
          <select
            value={language}
            disabled={disabled}
            onChange={(event) => setLanguage(event.currentTarget.value as Language | '')}
          >
            <option value="">—</option>
            {LANGUAGES.map((code) => (
              <option key={code} value={code}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className={fresh || !last ? 'button' : 'button button--ghost'}
          disabled={disabled || empty}
          aria-describedby={empty ? emptyHintId : undefined}
          onClick={send}
        >
          {fresh || !last ? t('folder.notify') : t('photosReady.sendAgain')}
        </button>
      </div>
      {status.data && empty ? (
        <p className="muted" id={emptyHintId}>
          {t('photosReady.empty')}
        </p>
      ) : null}
      {confirmDialog}
    </section>
  );
}
