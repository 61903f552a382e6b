import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminEvent } from '../../../../shared/schemas/events';
import { FormMessage } from '../../../components/FormMessage';
import { useSubmit } from '../../../hooks/useSubmit';
import { FilePickButton } from '../shared/FilePickButton';
import { startListProblems } from './event-admin-logic';
import { eventsAdminApi, eventsAdminKeys } from './events-admin-api';
import { ProblemList } from './StartListProblems';

/**
 * The start list: the organiser's CSV file, sent as it is (PUT text/csv); only its start-number column is required.
 * A file with any bad line is refused whole, and every bad line is listed with its reason, so the spreadsheet is
 * fixed once.
 */
export function StartListUpload({ event, entryCount }: { event: AdminEvent; entryCount: number }) {
  const { t } = useTranslation('eventsAdmin');
  const queryClient = useQueryClient();
  const titleId = useId();
  const upload = useSubmit((file: File) => eventsAdminApi.importStartList(event.id, file), {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventsAdminKeys.all }),
  });
  const problems = startListProblems(upload.error);
  return (
    <section className="admin-card event-detail__section" aria-labelledby={titleId}>
      <h3 id={titleId}>{t('startList.title')}</h3>
      <p className="muted">{t('startList.hint')}</p>
      <p>{entryCount > 0 ? t('startList.current', { count: entryCount }) : t('startList.none')}</p>
      <div>
        <FilePickButton
          label={upload.busy ? t('startList.importing') : t('startList.choose')}
          inputLabel={t('startList.choose')}
          accept=".csv,text/csv,text/plain"
          className="button"
          disabled={upload.busy}
          busy={upload.busy}
          testId="start-list-input"
          onFile={upload.submit}
        />
      </div>
      {upload.done && upload.data ? (
        <FormMessage kind="success" text={t('startList.imported', { count: upload.data.entries })} />
      ) : null}
      {problems ? (
        <ProblemList problems={problems} />
      ) : (
        <FormMessage kind="error" text={upload.errorKey ? t(upload.errorKey) : null} />
      )}
    </section>
  );
}
