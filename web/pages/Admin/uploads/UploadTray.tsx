import { useQuery } from '@tanstack/react-query';
import { useId, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_GALLERY_FOLDER } from '../../../../shared/folders';
import { useNamespace } from '../../../hooks/useNamespace';
import { Link } from '../../../router';
import { adminApi, adminKeys } from '../shared/admin-api';
import { folderPath, tabPath } from '../shared/admin-paths';
import { formatBytes } from '../shared/format';
import { failureKey } from './Uploader';
import { type UploadTarget, type UploadTask, uploadTargetKey } from './upload-queue';
import { uploadStore } from './upload-store';
import { summarizeUploads, timeLeftParts } from './upload-summary';
import './upload-tray.css';

/** Where the photographer sees the files of a target: its folder, the main gallery tab, or the Events tab. */
function targetPath(target: UploadTarget): string {
  if ('event' in target) return tabPath('events');
  return target.folder === MAIN_GALLERY_FOLDER ? tabPath('mainGallery') : folderPath(target.folder);
}

/** The targets of the list, once each, in the order their first file was added. */
function targetsOf(tasks: readonly UploadTask[]): UploadTarget[] {
  const seen = new Map<string, UploadTarget>();
  for (const task of tasks)
    if (!seen.has(uploadTargetKey(task.target))) seen.set(uploadTargetKey(task.target), task.target);
  return [...seen.values()];
}

function TargetLink({ target }: { target: UploadTarget }) {
  const { t } = useTranslation('admin');
  const folders = useQuery({ queryKey: adminKeys.folders, queryFn: adminApi.folders });
  let name: string;
  if ('event' in target) name = t('tabs.events');
  else if (target.folder === MAIN_GALLERY_FOLDER) name = t('tabs.mainGallery');
  else {
    const owner = folders.data?.items.find((item) => item.folder === target.folder);
    name = owner ? (owner.name ?? owner.email) : target.folder;
  }
  return (
    <Link className="button button--ghost upload-tray__open" to={targetPath(target)}>
      {t('tray.open')} <bdi>{name}</bdi>
    </Link>
  );
}

/**
 * The upload tray, the lower section of the bottom sheet on every page while the page's upload list (upload-store.ts)
 * has files: overall progress in files and bytes, the time left from the smoothed speed, each failed file with its
 * reason and "Try again", and a way to open each folder the files go to. Loaded on its own when the first upload starts, so visitors never download it.
 */
export default function UploadTray() {
  const { t, i18n } = useTranslation('admin');
  const textsReady = useNamespace('admin');
  const tasks = useSyncExternalStore(uploadStore.subscribe, uploadStore.getSnapshot);
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (!textsReady || tasks.length === 0) return null;

  const summary = summarizeUploads(tasks.map((task) => ({ ...task, size: task.file.size })));
  const failed = tasks.filter((task) => task.state === 'error');
  const finished = summary.active === 0;
  const state = !finished ? 'running' : summary.failed > 0 ? 'failed' : 'done';
  const bytes = (value: number) => formatBytes(value, i18n.language);
  const left =
    summary.secondsLeft === null || finished
      ? null
      : (() => {
          const { value, unit } = timeLeftParts(summary.secondsLeft);
          const time = new Intl.NumberFormat(i18n.language, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
          return t('tray.timeLeft', { time });
        })();

  return (
    <section
      className="upload-tray"
      data-state={state}
      data-open={open}
      data-testid="upload-tray"
      aria-labelledby={`${listId}-title`}
    >
      <div className="upload-tray__head">
        <h2 id={`${listId}-title`} className="upload-tray__title" role="status" data-testid="upload-tray-status">
          {state === 'running'
            ? t('tray.running', { done: summary.done, count: summary.files })
            : state === 'failed'
              ? t('tray.someFailed', { done: summary.done, failed: summary.failed, count: summary.files })
              : t('tray.done', { count: summary.files })}
        </h2>
        <button
          type="button"
          className="button button--ghost upload-tray__toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          {open ? t('tray.hide') : t('tray.show')}
        </button>
      </div>
      <progress
        className="upload-tray__progress"
        max={Math.max(1, summary.bytesTotal)}
        value={summary.bytesSent}
        aria-label={t('tray.progress')}
      />
      <p className="upload-tray__figures muted" data-testid="upload-tray-figures">
        <bdi>{t('tray.bytes', { sent: bytes(summary.bytesSent), total: bytes(summary.bytesTotal) })}</bdi>
        {left ? <span data-testid="upload-tray-left"> · {left}</span> : null}
      </p>
      {failed.length > 0 ? (
        <ul className="upload-tray__failed">
          {failed.map((task) => (
            <li key={task.id} data-testid="upload-tray-failed" data-name={task.file.name}>
              <bdi className="upload-tray__name">{task.file.name}</bdi>
              <span className="upload-tray__error" role="alert">
                {task.error ? t(failureKey(task.error)) : t('upload.failed')}
              </span>
              <button type="button" className="button button--ghost" onClick={() => uploadStore.retry(task.id)}>
                {t('upload.retry')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div id={listId} hidden={!open} className="upload-tray__details">
        <div className="upload-tray__targets">
          {targetsOf(tasks).map((target) => (
            <TargetLink key={uploadTargetKey(target)} target={target} />
          ))}
        </div>
        {finished ? (
          <button type="button" className="button button--ghost" onClick={() => uploadStore.clearFinished()}>
            {t('tray.close')}
          </button>
        ) : null}
      </div>
    </section>
  );
}
