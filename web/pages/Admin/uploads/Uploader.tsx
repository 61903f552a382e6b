import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorCode } from '../../../../shared/error-codes';
import { ERROR_MESSAGE_KEYS } from '../../../api/error-messages';
import { FormMessage } from '../../../components/FormMessage';
import { AdminPanel } from '../shared/AdminPanel';
import { formatBytes } from '../shared/format';
import { FileDropZone } from './FileDropZone';
import {
  forgetUnfinishedUploads,
  type UploadFailure,
  type UploadQueue,
  type UploadTarget,
  type UploadTask,
  unfinishedUploads,
  uploadTargetKey,
} from './upload-queue';
import { canApply, isFinished } from './upload-state';
import { uploadStore } from './upload-store';

/** The translation key of a file's failure: the server's reason first, then its code. */
export function failureKey(error: UploadFailure): string {
  switch (error.reason ?? error.code) {
    case 'unsupported-type':
    case 'unsafe-svg':
    case 'unsupported-media-type':
      return 'upload.errors.unsupported';
    case 'too-many-pixels':
      return 'upload.errors.tooManyPixels';
    case 'payload-too-large':
      return 'upload.errors.tooBig';
    case 'empty-file':
      return 'upload.errors.empty';
    case 'corrupt-file':
    case 'video-unreadable':
      return 'upload.errors.corrupt';
    case 'network-error':
      return 'upload.errors.network';
    case 'storage-full':
      return 'upload.errors.storageFull';
    case 'disk-full':
      return 'upload.errors.diskFull';
    // An edited version the server would not put in place of its item says why, in the API's own words.
    case 'replace-other-type':
    case 'replace-other-folder':
    case 'media-trashed':
    case 'media-not-ready':
    case 'object-not-found':
      return ERROR_MESSAGE_KEYS[error.code as ErrorCode];
    default:
      return 'upload.failed';
  }
}

/** The buttons of a file, in this order, each shown while the upload state machine allows its move. */
const TASK_ACTIONS = ['pause', 'resume', 'retry', 'cancel'] as const;

function TaskRow({ task, queue, disabled }: { task: UploadTask; queue: UploadQueue; disabled: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const percent = task.file.size === 0 ? 100 : Math.floor((task.bytesSent / task.file.size) * 100);
  const label = task.waiting && task.state === 'running' ? t('upload.waiting') : t(`upload.states.${task.state}`);
  const actionLabels = {
    pause: t('upload.pause'),
    resume: t('upload.resume'),
    retry: t('upload.retry'),
    cancel: t('upload.cancel'),
  };
  return (
    <li className="upload-task" data-state={task.state} data-testid="upload-task" data-name={task.file.name}>
      <div className="upload-task__head">
        <bdi className="upload-task__name">{task.file.name}</bdi>
        <span className="upload-task__state" data-testid="upload-state">
          {label}
        </span>
      </div>
      <div className="upload-task__progress">
        <progress max={100} value={percent} aria-label={task.file.name} />
        <span data-testid="upload-percent">{percent}%</span>
        {task.state === 'running' && !task.waiting && task.speed > 0 ? (
          <span className="muted">{t('upload.speed', { speed: formatBytes(task.speed, i18n.language) })}</span>
        ) : null}
      </div>
      {task.error ? (
        <p className="upload-task__error" role="alert">
          {t(failureKey(task.error))}
        </p>
      ) : null}
      <div className="upload-task__actions">
        {TASK_ACTIONS.filter((action) => canApply(task.state, action)).map((action) => (
          <button
            key={action}
            type="button"
            className="button button--ghost"
            disabled={disabled}
            onClick={() => queue[action](task.id)}
          >
            {actionLabels[action]}
          </button>
        ))}
      </div>
    </li>
  );
}

/**
 * Choose or drop many images and videos; each goes to `folder` (or to the competition `event`) by tus with its own
 * progress, speed, state and error, and the buttons the upload state machine allows. The files go into the page's
 * one upload list (upload-store.ts), so they keep going when this view closes; it lists the files of its own target.
 * `onUploaded` runs as each of them is accepted. `disabled` (the panel's working flag) takes no new files and disables
 * every button until the running operation ends.
 */
export function Uploader({
  onUploaded,
  disabled = false,
  ...target
}: UploadTarget & {
  onUploaded: () => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('admin');
  const inputId = useId();
  const queue = uploadStore;
  const allTasks = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const targetKey = uploadTargetKey(target);
  const tasks = useMemo(
    () => allTasks.filter((task) => uploadTargetKey(task.target) === targetKey),
    [allTasks, targetKey],
  );
  const [unfinished, setUnfinished] = useState(() => unfinishedUploads());
  const latestOnUploaded = useRef(onUploaded);
  latestOnUploaded.current = onUploaded;
  useEffect(
    () =>
      queue.onUploaded((task) => {
        if (uploadTargetKey(task.target) === targetKey) latestOnUploaded.current();
      }),
    [targetKey],
  );

  const add = (files: FileList | null) => {
    if (disabled || !files || files.length === 0) return;
    queue.add(Array.from(files), 'event' in target ? { event: target.event } : { folder: target.folder });
    setUnfinished([]);
  };
  const someFailed = tasks.some((task) => task.state === 'error');

  return (
    <AdminPanel className="uploader" titleId={`${inputId}-title`} title={t('upload.title')}>
      {unfinished.length > 0 ? (
        <div className="admin-notice" data-testid="unfinished-uploads">
          <p>{t('upload.unfinished', { names: unfinished.map((entry) => entry.filename).join(', ') })}</p>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => {
              forgetUnfinishedUploads(unfinished.map((entry) => entry.key));
              setUnfinished([]);
            }}
          >
            {t('upload.forget')}
          </button>
        </div>
      ) : null}
      <FileDropZone
        legend={t('upload.title')}
        chooseLabel={t('upload.choose')}
        dropHint={t('upload.drop')}
        onFiles={add}
        disabled={disabled}
        testId="upload-input"
      />
      <FormMessage kind="error" text={someFailed ? t('upload.someFailed') : null} />
      {tasks.length > 0 ? (
        <>
          <ul className="upload-list">
            {tasks.map((task) => (
              <TaskRow key={task.id} task={task} queue={queue} disabled={disabled} />
            ))}
          </ul>
          <button
            type="button"
            className="button button--ghost"
            disabled={disabled || tasks.every((task) => !isFinished(task.state))}
            onClick={() => queue.clearFinished()}
          >
            {t('upload.clearFinished')}
          </button>
        </>
      ) : null}
    </AdminPanel>
  );
}
