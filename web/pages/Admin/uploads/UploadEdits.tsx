import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import { ConfirmDialog } from '../../../components/Dialog';
import { useNamespace } from '../../../hooks/useNamespace';
import { EditMatchTable, EditSummaryLine, type FileMatch } from './EditMatchTable';
import { type EditDecision, initialDecision, summarizeDecisions, uploadsOf } from './edit-decisions';
import { matchEdits } from './edit-matching';
import { FileDropZone } from './FileDropZone';
import { uploadStore } from './upload-store';
import './upload-edits.css';

const sameFile = (a: File) => (b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * "Upload edits": the photographer chooses (or drops) the photos they edited and exported; each is matched with the
 * item of `folder` it came from (edit-matching.ts), the table shows what will happen to each, and the photographer
 * settles the conflicts. Confirming puts the files into the page's upload list, each replacement naming its item,
 * so progress, retry and resume are those of any upload, and the folder view refreshes as each one is accepted.
 */
export function UploadEditsDialog({
  folder,
  items,
  onClose,
}: {
  folder: string;
  items: readonly AdminMedia[];
  onClose: () => void;
}) {
  const { t } = useTranslation('sales');
  const [matches, setMatches] = useState<FileMatch[]>([]);
  const [decisions, setDecisions] = useState<EditDecision[]>([]);
  const [matching, setMatching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The latest matching run: an earlier one that ends later (more files were chosen meanwhile) is ignored.
  const run = useRef(0);
  useEffect(
    () => () => {
      run.current++;
    },
    [],
  );

  /** More files join those chosen before; all are matched again, since a new file may claim an item too. */
  const choose = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const chosen = matches.map((match) => match.file);
    const files = [...chosen, ...[...list].filter((file) => !chosen.some(sameFile(file)))];
    const current = ++run.current;
    setMatching(true);
    setError(null);
    void matchEdits(files, items).then((found) => {
      if (current !== run.current) return;
      setMatches(found);
      setDecisions(found.map(initialDecision));
      setMatching(false);
    });
  };

  const summary = summarizeDecisions(decisions);
  const confirm = () => {
    if (matching) return;
    if (summary.conflict > 0) return setError(t('edits.settleConflicts'));
    const uploads = uploadsOf(
      matches.map((match) => match.file),
      decisions,
    );
    if (uploads.length === 0) return setError(t('edits.nothing'));
    uploadStore.add(uploads, { folder });
    onClose();
  };

  return (
    <ConfirmDialog
      title={t('edits.title')}
      className="upload-edits"
      confirmLabel={t('edits.confirm', { count: summary.replace + summary.new })}
      error={error}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <p className="dialog__text">{t('edits.intro')}</p>
      <FileDropZone
        legend={t('edits.choose')}
        chooseLabel={t('edits.choose')}
        dropHint={t('edits.drop')}
        onFiles={choose}
        testId="edits-input"
      />
      {matching ? (
        <p role="status" className="muted">
          {t('edits.matching')}
        </p>
      ) : matches.length > 0 ? (
        <>
          <EditSummaryLine summary={summary} />
          <EditMatchTable
            matches={matches}
            decisions={decisions}
            onDecide={(row, decision) => {
              setError(null);
              setDecisions((current) => current.map((each, i) => (i === row ? decision : each)));
            }}
          />
        </>
      ) : null}
    </ConfirmDialog>
  );
}

/**
 * The folder view's "Upload edits" button. It loads the sale's texts first (the `sales` namespace is lazy), so the
 * dialog never opens on untranslated keys.
 */
export function UploadEditsButton({
  folder,
  items,
  disabled,
}: {
  folder: string;
  items: readonly AdminMedia[];
  disabled: boolean;
}) {
  const textsReady = useNamespace('sales');
  const { t } = useTranslation('sales');
  const [open, setOpen] = useState(false);
  if (!textsReady) return null;
  return (
    <>
      <button type="button" className="button button--ghost" disabled={disabled} onClick={() => setOpen(true)}>
        {t('edits.title')}
      </button>
      {open ? <UploadEditsDialog folder={folder} items={items} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
