import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../../shared/bidi';
import type { AdminEvent } from '../../../../shared/schemas/events';
import { FormMessage } from '../../../components/FormMessage';
import { useSubmit } from '../../../hooks/useSubmit';
import { currentLanguage } from '../../../i18n';
import { FilePickButton } from '../shared/FilePickButton';
import { isKnownProblem, type StartListProblem, startListProblems } from './event-admin-logic';
import { eventsAdminApi, eventsAdminKeys } from './events-admin-api';

/** Each refused line: where (the spreadsheet row, or the file), what, and the server's own words naming the value. */
export function ProblemList({ problems }: { problems: StartListProblem[] }) {
  const { t, i18n } = useTranslation('eventsAdmin');
  const language = currentLanguage(i18n);
  return (
    <div className="start-list-errors" role="alert" data-testid="start-list-errors">
      <p>
        <strong>{t('startList.refused', { count: problems.length })}</strong>
      </p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.line}-${problem.code}-${problem.reason}`} data-line={problem.line}>
            <strong>
              {problem.line > 0
                ? t('startList.line', { line: isolateFor(language, String(problem.line)) })
                : t('startList.file')}
            </strong>{' '}
            {isKnownProblem(problem.code) && language !== 'en' ? (
              <>
                {t(`startList.problems.${problem.code}`)}{' '}
                <bdi dir="ltr" className="muted">
                  ({problem.reason})
                </bdi>
              </>
            ) : (
              <bdi dir="ltr">{problem.reason}</bdi>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The start list: the organiser's CSV file, sent as it is (PUT text/csv). A file with any bad line is refused whole,
 * and every bad line is listed with its reason, so the spreadsheet is fixed once.
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
