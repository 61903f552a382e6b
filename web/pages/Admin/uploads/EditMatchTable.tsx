import { Fragment, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { AdminMedia } from '../../../../shared/schemas/admin';
import { MediaImage } from '../../../components/Media/MediaImage';
import { claimedTwice, type EditDecision, type EditSummary, isConflict } from './edit-decisions';
import type { EditMatch } from './edit-matching';

export type FileMatch = EditMatch<File, AdminMedia>;

/** The item a file would replace: its thumbnail (or an empty square while it has none) and its name. */
function ItemPreview({ item }: { item: AdminMedia }) {
  return (
    <span className="edit-matches__item" data-testid="edit-item" data-id={item.id}>
      <span className="edit-matches__thumb">
        {/* The name beside it says what the picture is. */}
        {item.view ? <MediaImage media={item.view} sizes="3rem" alt="" /> : null}
      </span>
      <bdi>{item.name}</bdi>
    </span>
  );
}

const NEW_ITEM = 'new';
const itemValue = (id: string) => `item:${id}`;

function targetValue(decision: EditDecision): string {
  if (decision.target.kind === 'replace') return itemValue(decision.target.itemId);
  return decision.target.kind === 'new' ? NEW_ITEM : '';
}

function targetOf(value: string): EditDecision['target'] {
  if (value === NEW_ITEM) return { kind: 'new' };
  if (value.startsWith('item:')) return { kind: 'replace', itemId: value.slice('item:'.length) };
  return { kind: 'undecided' };
}

interface RowProps {
  match: FileMatch;
  decision: EditDecision;
  /** Another uploaded file would replace the item this one replaces. */
  doubled: boolean;
  conflict: boolean;
  onDecide: (decision: EditDecision) => void;
}

function EditMatchRow({ match, decision, doubled, conflict, onDecide }: RowProps) {
  const { t } = useTranslation('sales');
  const id = useId();
  const candidates = match.kind === 'conflict' ? match.candidates : match.kind === 'replace' ? [match.item] : [];
  const { target } = decision;
  const isNew = match.kind === 'new';
  const chosen = target.kind === 'replace' ? candidates.find((item) => item.id === target.itemId) : undefined;
  const problem = doubled
    ? t('edits.claimedTwice')
    : target.kind === 'undecided' && match.kind === 'conflict'
      ? t(match.reason === 'same-name' ? 'edits.sameName' : 'edits.claimedTwice')
      : null;
  const outcome = !decision.upload ? 'skipped' : conflict ? 'conflict' : target.kind;
  return (
    <tr data-testid="edit-row" data-name={match.file.name} data-outcome={outcome}>
      <th scope="row" className="edit-matches__file">
        <bdi>{match.file.name}</bdi>
      </th>
      <td>
        <div className="edit-matches__outcome">
          {match.kind === 'conflict' ? (
            <div className="edit-matches__choice">
              <label htmlFor={`${id}-target`}>
                {t('edits.whichItem')} <bdi className="visually-hidden">{match.file.name}</bdi>
              </label>
              <select
                id={`${id}-target`}
                value={targetValue(decision)}
                disabled={!decision.upload}
                aria-invalid={conflict}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(event) => onDecide({ ...decision, target: targetOf(event.currentTarget.value) })}
              >
                <option value="">{t('edits.pick')}</option>
                {match.candidates.map((item) => (
                  <option key={item.id} value={itemValue(item.id)}>
                    {item.name}
                  </option>
                ))}
                <option value={NEW_ITEM}>{t('edits.uploadAsNew')}</option>
              </select>
            </div>
          ) : null}
          {chosen ? <ItemPreview item={chosen} /> : null}
          {isNew ? <p className="edit-matches__none">{t('edits.noMatch')}</p> : null}
          {problem ? (
            <p id={`${id}-problem`} className="edit-matches__problem">
              {problem}
            </p>
          ) : null}
          {/* An unmatched file is offered as a new item, ticked; every other file can be left out. */}
          <label className="edit-matches__check">
            <input
              type="checkbox"
              checked={isNew ? decision.upload : !decision.upload}
              onChange={(event) =>
                onDecide({ ...decision, upload: isNew ? event.currentTarget.checked : !event.currentTarget.checked })
              }
            />
            {isNew ? t('edits.uploadAsNew') : t('edits.dontUpload')}{' '}
            <bdi className="visually-hidden">{match.file.name}</bdi>
          </label>
        </div>
      </td>
    </tr>
  );
}

/** Each file, the item it will replace, "no match" or the conflict to settle, and its own "don't upload". */
export function EditMatchTable({
  matches,
  decisions,
  onDecide,
}: {
  matches: readonly FileMatch[];
  decisions: readonly EditDecision[];
  onDecide: (row: number, decision: EditDecision) => void;
}) {
  const { t } = useTranslation('sales');
  const doubles = claimedTwice(decisions);
  return (
    <div className="edit-matches__scroll">
      <table className="admin-table edit-matches">
        <caption className="visually-hidden">{t('edits.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('edits.file')}</th>
            <th scope="col">{t('edits.replaces')}</th>
          </tr>
        </thead>
        <tbody>
          {matches.map((match, row) => {
            const decision = decisions[row];
            if (!decision) return null;
            return (
              <EditMatchRow
                // A file is chosen once (the dialog drops repeats), so its name, size and date tell it apart.
                key={`${match.file.name}:${match.file.size}:${match.file.lastModified}`}
                match={match}
                decision={decision}
                doubled={doubles.has(row)}
                conflict={isConflict(decision, row, doubles)}
                onDecide={(next) => onDecide(row, next)}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

const SUMMARY_PARTS = [
  ['replace', 'edits.summaryReplace'],
  ['new', 'edits.summaryNew'],
  ['conflict', 'edits.summaryConflict'],
  ['skipped', 'edits.summarySkipped'],
] as const;

/** "12 will replace · 2 new · 1 conflict", each number isolated; only the parts that are not zero. */
export function EditSummaryLine({ summary }: { summary: EditSummary }) {
  const { t } = useTranslation('sales');
  const parts = SUMMARY_PARTS.filter(([part]) => summary[part] > 0);
  return (
    <p className="edit-matches__summary" role="status" data-testid="edits-summary">
      {parts.map(([part, key], i) => (
        <Fragment key={part}>
          {i > 0 ? ' · ' : null}
          <Trans t={t} i18nKey={key} count={summary[part]} components={{ n: <bdi /> }} />
        </Fragment>
      ))}
    </p>
  );
}
